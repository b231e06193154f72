//! Golden digests of whole random games: pins the engine's behaviour so that performance work
//! cannot change it. Each game is played from a fixed seed (decisions picked uniformly among
//! [`Game::legal_decisions`], dice from [`Game::roll`]); every legal-decision list, every
//! state hash after a step, every roll and the final event log go into one FNV-1a digest per
//! game, compared with the value recorded here.
//!
//! When a deliberate rules change moves the digests, regenerate them with
//! `GOLDEN_PRINT=1 cargo test -p dust-data --test engine_golden -- --nocapture` and paste the
//! printed table over `GOLDEN`.

use dust_core::game::tests_support::skirmish;
use dust_core::game::{Game, GameSetup, Pending};
use dust_core::{Edition, GameRng};
use dust_data::scenario::default_setup;

/// Steps after which a game counts as stuck.
const STEP_BOUND: usize = 100_000;

struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
        self.bytes(&[0xff]);
    }
}

/// Plays one random game and digests everything observable along the way.
fn digest(setup: GameSetup, seed: u64) -> u64 {
    let mut g = Game::new(setup).expect("the setup starts");
    let mut rng = GameRng::new(seed);
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for _ in 0..STEP_BOUND {
        match g.pending() {
            Pending::Chance(r) => {
                h.str(&format!("{r:?}"));
                assert!(g.legal_decisions().is_empty());
                let k = g.roll(&mut rng).expect("a roll is pending");
                h.u64(u64::from(k));
            }
            Pending::Decision { side } => {
                h.str(&format!("{side:?}"));
                let options = g.legal_decisions();
                assert!(!options.is_empty(), "a decision is pending but none is legal");
                for d in &options {
                    h.str(&format!("{d:?}"));
                }
                let pick = options[rng.index(options.len())];
                g.apply(pick).expect("the engine accepts its own decision");
            }
            Pending::GameOver { winner } => {
                h.str(&format!("{winner:?}"));
                for e in g.events() {
                    h.str(&format!("{e:?}"));
                }
                h.u64(g.state_hash());
                return h.0;
            }
        }
        h.u64(g.state_hash());
    }
    panic!("a random game did not end within {STEP_BOUND} steps");
}

/// The annihilation scenario's armies and board without its objectives, side B entering on
/// column P: the digests pin the engine, not the scenario's design (issue 21 added the hill to
/// the shipped scenario, and moved side B's entry to column O).
fn annihilation() -> GameSetup {
    let mut s = default_setup();
    s.objectives.clear();
    s.entry.b = (1..=24).map(|r| format!("P{r}").parse().expect("a square")).collect();
    s
}

/// The games: (name, setup, seeds).
fn games() -> Vec<(String, GameSetup, u64)> {
    let mut v = Vec::new();
    for seed in 0..60 {
        v.push(("annihilation".to_string(), annihilation(), seed));
    }
    for variant in 0..4 {
        for seed in 0..40 {
            v.push((format!("skirmish {variant}"), skirmish(variant), seed));
        }
    }
    for variant in 0..4 {
        for seed in 0..20 {
            let mut s = skirmish(variant);
            s.edition = Edition::Battlefront;
            s.classic_dice = seed % 2 == 1;
            v.push((format!("battlefront skirmish {variant}"), s, seed));
        }
    }
    for seed in 0..20 {
        let mut s = annihilation();
        s.edition = Edition::Battlefront;
        v.push(("battlefront annihilation".to_string(), s, seed));
    }
    v
}

/// One digest per game of [`games`], in order.
const GOLDEN: &[u64] = &[
    0xdae7d2fe3c3e8dbf,
    0xe014a3df48ba6730,
    0x8f834eaf36e0f15a,
    0x809ef5b8c7f58238,
    0xc03ebbde64f57fe2,
    0xc0285096b78b34ad,
    0x9355dbee7f3dc9ef,
    0x896dbb2ac98de350,
    0x0520b8ded3c75cbb,
    0x83a9fe0f8b8e3bde,
    0x3a177d013370f0a2,
    0xc688420fc04348c3,
    0x5700dd7740c6804a,
    0x9d43fcc4938763a6,
    0x516f54ad654c40fd,
    0xe5ddc871a9fc7426,
    0x54be84319eaaf518,
    0xb26f386b24056936,
    0xb35cef0b3266e01b,
    0x3096d67ec9b2db43,
    0xc52caf40b56b4312,
    0x6242e8aa66dfa465,
    0xb67782ca727d7250,
    0x63dc1c596a4e4574,
    0x3c729cfb0d419247,
    0x5bff9d279f1b56dd,
    0xc3e034c7eddd0fde,
    0xf6b24decc519fa61,
    0x166f56538a26f45a,
    0x366c1e3b9113e239,
    0xbb972b43e8e66686,
    0xb4599762bd362d31,
    0x453e14e2298671b6,
    0x0ad7ea18edb2a693,
    0x7e9c3fa5db77fab7,
    0x6be0bd9cb50f039c,
    0x1403015065f7a005,
    0x305d6a2eda720220,
    0x0eae3538773525bb,
    0xc2a672eb8096d7ff,
    0xf1cd13ddec144a0e,
    0x53f04b5bb7ff9f1d,
    0xebdda02ff63cd7fd,
    0xf6ac4ed06122567c,
    0x34509f509b3c351d,
    0xbd4040ef23c8d9c5,
    0x18726d8b56363c24,
    0xab914ecd06248c92,
    0x091936480aed7a2a,
    0x72a8d8df2e700fea,
    0xe31469bd90275a33,
    0x234b0e2f65c7a205,
    0xc7e903afd17256ad,
    0xfba796a7170eb462,
    0x4da6fce103415616,
    0x4230a12724eff2df,
    0xe1eea2ce18d65e8c,
    0xaa5ec22ca29b0e43,
    0x3b32ecfd9e5d0472,
    0x66dfdb911fb4d5c4,
    0xb96558476a23243b,
    0xd09d81446a5f6c96,
    0xbd8d31210cc8fd50,
    0xf7c81ad1b770165d,
    0x03e4dc4363d4846b,
    0x3cf1f1138e3150a3,
    0x1ae8a7a621735325,
    0xbed572936858a939,
    0xc0d095cd379bd941,
    0x32c6aa1b022b4e63,
    0x85d627c899b2f36f,
    0xde2929cab6d1b191,
    0xb6cc8839e6c87087,
    0x1bb4f116621b0065,
    0x63f92d3cecfd3e1d,
    0x6f9beb316ee78560,
    0xbd7406c216d6e4c9,
    0x5be9f9a59275ea3c,
    0x953d7028d527e1da,
    0x523d6fd8354265f5,
    0x0817cf63ab194daf,
    0x542c62bf8b3ff005,
    0x75ad162a0299fd8e,
    0xd778a8d32e95c48c,
    0x67203afe52cfb520,
    0xd885dc19a5dfdbbf,
    0xb0d210e877d25ab2,
    0x94a942d7ee9cff89,
    0x51e31a40fe343ffc,
    0x505359c118e5ed35,
    0x306f71c97fd05d2f,
    0x47da9e9a88d965b6,
    0xc3941e30957bc8f5,
    0x003937a7a73b0674,
    0x32e6b4265fe8f2c3,
    0x53c08b3aac48c8f3,
    0xa14090606647806e,
    0xc928c90f6d012e32,
    0x13ab4a8526c94024,
    0xf08d6aa68f5de613,
    0xb0c9224b0daad9f3,
    0x38afb6d33d34a2fd,
    0x74973aa0273be3e7,
    0x7ac1c48d2e9b90b4,
    0xc7e21b18ff45e778,
    0xcdd75c5b3232e56d,
    0x1eab2124634fab84,
    0x4d0108be1c963b14,
    0xca48c2066cdf1315,
    0x6f25b09e59daf701,
    0xd73c381680ac846b,
    0x128590d928ea8217,
    0x528a77baa557a26a,
    0x8d49e8ebb58fecc3,
    0x5991310ac07e9f57,
    0xebabae24d7705fb4,
    0xf4bdb67726cd2faf,
    0xfae5a866340ab5d7,
    0x8dac2ca2a840eae2,
    0x64060c1deeac519d,
    0x478f5aa437042ec0,
    0x9c9c4df271c02aa1,
    0xd2b6c3fe8b6fe0fd,
    0xf2ca0e43ddfe7d97,
    0x9e5e9799f02ddd53,
    0xb300d0958641285e,
    0x26cc454f4377d77e,
    0xa484be733d71e080,
    0x799ea5f22a5d71af,
    0x0ee1546b17f01962,
    0x00bf17ab4de08482,
    0x1414eed05375ddc1,
    0x89e48fb0c1374ef2,
    0x0f56735288248caa,
    0x1daf927467638dc4,
    0x7d1077403a698c78,
    0x9ccc83d31286cd84,
    0xfcbc8c710d6c9127,
    0x37ef47ee80a97220,
    0x249d58da8e17c87b,
    0x4eaa4ed135f42939,
    0x5970a422ea42c08a,
    0xe403f568ae1c2eca,
    0xfd8e36f591840af8,
    0x0745e00f7fad3f9b,
    0x1d317c0a3f504afc,
    0x90d9e25e5b6cf6ca,
    0xbfbc8c50e8ac858a,
    0x1c1de6c3bf4d412b,
    0x093ffdf8fc2d42a7,
    0xc978557775cf8615,
    0x15c137db9958eaee,
    0x96564afed299a072,
    0x8e5f8ea11aba4cf6,
    0xd21eaaba764d1c75,
    0x25bd86947f96cacf,
    0xef277ff590e29450,
    0x945f1e15a94d9944,
    0xbae14d021d74b886,
    0x7a783035274e9f7b,
    0xafa4e849e25a7427,
    0xa50be8d8a8ca3b4b,
    0x5baf1500a7da80e7,
    0xf213211406eff727,
    0xf7b043aff60af8e3,
    0x7db8e70c7578a236,
    0x7f6978af8a532ea7,
    0x83fa85a8718b87ea,
    0x743a749ecce8379d,
    0xa04b42632579f2f2,
    0xe82187cf03b5a15e,
    0xc51ae705bc59c2ab,
    0x5c24358f1366bd3c,
    0x08c96105c9b0056a,
    0x89d0c0d025f0d410,
    0x12f130acd0257301,
    0xb197bbd417e459e1,
    0x5a240264237a3d1d,
    0x6d2e97bdcc04426f,
    0xd16be0760f301098,
    0x08924d017ec1d07f,
    0x8a2df1006deddaf1,
    0xbbfc1d2517b6ac84,
    0xa4f41c3881da2627,
    0x5d1fea804b5a4dc5,
    0x5f8b4725f04dd7d2,
    0x82d08f72449414f0,
    0x3201d7a10c2fd1b1,
    0x73dadc00c4394c41,
    0xe160d3c045012411,
    0xd5ab810bec57c1f6,
    0x73802aed645043f3,
    0x22157507cdfda8e1,
    0xde97841f0403e738,
    0xe8c2e928d05cc7a1,
    0xc4bf0436032b2492,
    0xbe142a04eeb2408a,
    0x124bbdcf7fe933fe,
    0x9f5808232e788f85,
    0x8c53464b4c3645f1,
    0x0d1a1a5a0dda511a,
    0xc3ccf63dbc18810a,
    0x133c84bc3ece7901,
    0xbb026469098707a2,
    0xae4a535c1d1f3b5d,
    0xfb07956a1297b6c3,
    0x4f9fb586594a36d7,
    0x95c30fffb8210363,
    0xdb016627638ded8e,
    0x52e3a58c92893d2e,
    0xc94ecbd6fe39d6d4,
    0x80c2f4b7b9bc0719,
    0x2d0a052b5e1a2dad,
    0x57f8b1094ef19a6e,
    0x8c9b4d44300e0d5e,
    0xe3a04874c472e712,
    0x8c36e702e7d07c6a,
    0xdc982499e123ad65,
    0x18a3f3fcd009d36b,
    0x01d26828ec04bd3e,
    0xef32faf863ab7f22,
    0x86416babac05d771,
    0x7ede81d1b9906bd0,
    0xf638c63536ca8ba7,
    0xf6281a08fe71189b,
    0xf17619aead7068c6,
    0x3cb11f7235390ba3,
    0xa888a348c9009a00,
    0xaab184e469f87243,
    0xba7039d647b918f5,
    0x46ea96d289d9b7b9,
    0x0266ff0ef4a87929,
    0x4ae4c3e3edfb4555,
    0x2ae2fa6632f2b92e,
    0x86cd9383ebaed4a4,
    0x446902157d90dca6,
    0x17851bcc1915e8c7,
    0xda4ace8f8d0dc8ba,
    0xebb0fcdab4efd8f2,
    0xe603167edeb6142c,
    0xfdf3187ca7af2c66,
    0x9eb51398c4d3b3eb,
    0x87d036c9aa7e67cd,
    0xa7a09a8e7757ca1b,
    0xf24d292df48c4616,
    0x8762522a45dec0ec,
    0x172580e30094ecdd,
    0x726d2f846cc34e9b,
    0xda641f5438c289d7,
    0x5d26e0a20afd4c11,
    0xb068fe0bce581082,
    0xb55b111cf14cd43c,
    0x75d7a5efc27f4f46,
    0x74ab5ec84f81b577,
    0x495843959fa192c7,
    0x19e35f299b794199,
    0xd577d89585a95602,
    0x4dad80acde3278dd,
    0xb5e1830f8ba28a61,
    0xd42d5ab05de0359b,
    0x8b59abca30f381b9,
    0xce384b6e68f84589,
    0x2bb690fed3af005b,
    0xa9991671fe52805f,
    0xe386d04bbeaa5f1e,
    0xc2026a7f92eb6c92,
    0x22a5218674f75bc9,
    0xabc1fb0e0641ae3d,
    0x8fd49c8cc423d5f0,
    0x6299e98562d4fe1d,
    0x9ca4933972217af5,
    0xde01f6d5a1ed6aa4,
    0x1399514d653cfe3b,
    0x70aa0ef213986599,
    0x3d78fff3598ec10e,
    0x4bd69336895da7e8,
    0x6e250ebbef48b213,
    0x531c92bc01e177d1,
    0xc0a9e4e3978155ad,
    0x3a65cd25376789d0,
    0xe85b72490c7ff1fa,
    0xb653e4273f504a2c,
    0x54d824496be95d63,
    0xc835a5b77f380bcd,
    0x030b011ed27f5932,
    0x5b437e50456121ad,
    0x2344328b9a2028ba,
    0x2a065ad21c676785,
    0x6c5d3652fd92d9b6,
    0x9d25383ecb553795,
    0x5d52a49712860e72,
    0xdb2bbd08faf85529,
    0x5f4449bbef0cd15f,
    0xa800e6062e57380c,
    0x8a6af179ecff0c51,
    0xfc991567fec86da0,
    0x98ae7fd5c91406a7,
    0xc4e85328d78cba8e,
    0x1d1ed9ee8ab5cd6e,
    0x54f2b34a1ba9bd0a,
    0x010a70769b1a4f36,
    0xfd79e88672533d78,
    0x63a07fb0ce31c170,
    0x8e89acd06b37275d,
    0xbfee603e4cda1f4b,
    0x22bbf0f24b4bd1ae,
    0xe2e20a73fddae173,
    0x4f45050db0099196,
    0xf208e8cbd327603a,
    0x34d812f4cad33373,
    0x99eec8cf10e698a7,
    0xed8776492a813b7a,
    0xe409a6818fc9c2b6,
    0xa5e4064d452a7bf4,
    0x9d03e53def03cc2f,
    0x8c4dfac105177d58,
    0x2dd5a9b544d4b467,
    0x1aaaf88cf4efb659,
    0xc54fd8b13e3c5939,
    0xab157e4017ebfd47,
];

#[test]
fn random_games_match_their_golden_digests() {
    let got: Vec<u64> = games().into_iter().map(|(_, setup, seed)| digest(setup, seed)).collect();
    if std::env::var_os("GOLDEN_PRINT").is_some() {
        println!("const GOLDEN: &[u64] = &[");
        for chunk in got.chunks(4) {
            let row: Vec<String> = chunk.iter().map(|d| format!("0x{d:016x}")).collect();
            println!("    {},", row.join(", "));
        }
        println!("];");
    }
    assert_eq!(got.len(), GOLDEN.len(), "one golden digest per game");
    for ((name, _, seed), (g, want)) in games().into_iter().zip(got.iter().zip(GOLDEN)) {
        assert_eq!(g, want, "{name}, seed {seed}: the game went differently");
    }
}
