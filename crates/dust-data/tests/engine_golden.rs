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

/// The games: (name, setup, seeds).
fn games() -> Vec<(String, GameSetup, u64)> {
    let mut v = Vec::new();
    for seed in 0..60 {
        v.push(("annihilation".to_string(), default_setup(), seed));
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
        let mut s = default_setup();
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
    0x202b73f0627de3cb,
    0x28b6d9b6c8808e14,
    0x5659b4b7f109bcc0,
    0xc8ea2c183fe6f4d1,
    0x93023d486a479f74,
    0x66eb712fcc29cd3e,
    0x4cf2245ab5e25255,
    0x1e322d8c43ffaa1b,
    0x45e73e5419650f33,
    0xc42889ebd8aca768,
    0x1b10e1031fe161be,
    0x334979aeacf27c2e,
    0xa990b638fc199672,
    0x71c2ae3fc59b54f5,
    0x499b716f57b3769f,
    0xb66058ce750f773d,
    0x7c5c45298db21344,
    0x9a3cb1b42f36acd5,
    0x200a3449d60fcb36,
    0xb594904b6f1da759,
    0x1cfe86d5ee0b6170,
    0x779fa2131b73cfa0,
    0x324d8a3083c23a28,
    0xb5696108efb048f1,
    0x4b3191be951452c8,
    0x99609a5dff1359bd,
    0x0d289dac3503bd15,
    0x18d5420d3030789d,
    0x9c6b197b399e5b5b,
    0x470e968db5c7b639,
    0xfaa7e6b40bc5e2d9,
    0x2351056e4c536de0,
    0x2a7b2b887e9c00c8,
    0xd1301dd1fbbdc3f4,
    0x8ba7ed49bdcf5f20,
    0x25fef968543cd049,
    0x7af9a06a6dbde0a1,
    0x71e48977ea834c4d,
    0xe2759744f6cd728a,
    0x49552a888fc8f29a,
    0x93d469c177624212,
    0x015e96a13a8e9239,
    0x6823da15eea08a4c,
    0xba532c00e2f2f63f,
    0xc599e1a0275cef26,
    0x8ca69d7fac47f63d,
    0xbeaa6f20cc05205c,
    0x07f7275f81a2fa12,
    0x3e822c5bcebe438f,
    0xb2ad71da09eb30e5,
    0x5796d7c92d2ba7f0,
    0xfbd05a5be2fb64b5,
    0x0162a2202568d619,
    0xe659fc853d39c27e,
    0x30ac62598cd1301b,
    0xe22f02ddeb93782f,
    0xd2c1f69a5372f460,
    0x6a0474eea2be72e2,
    0x2f63fe24fb14b4d4,
    0x6d1c96b827bcc994,
    0x6a1f779ab5906281,
    0x8958e2af256a5c2e,
    0xac886ea83e861e2a,
    0xbec0fc31e2f85966,
    0x00936cf38e27b93d,
    0x131f13f3634c66af,
    0xda5b3b7ae28a412d,
    0x25661ad1bc22694e,
    0x77184629fafe8eaf,
    0x94458503b80d7921,
    0xbb9220364941e642,
    0x573c5e859662f925,
    0xad941c0227d1fd4c,
    0x9205e81ab8f7ce73,
    0x0acad28a8371b0ee,
    0x2a0cb1c80b7f9bb1,
    0xa1aff520efd36b23,
    0x6100c0e2573395a1,
    0xdc3634e9e5ad9897,
    0x3603ee1efef7f434,
    0xb7a68bc02a93f641,
    0x4ecfd97157707f12,
    0xee77693e660d7c7b,
    0x1b8c23840a7c4f39,
    0x039ab676ace234fa,
    0x75f6e8ec523b784c,
    0x8ae0e5afe5901f8f,
    0x2df3b191a4d2ef35,
    0x8ad107df5bca8f40,
    0x24e1fb6c4ddef1c7,
    0x895ad54d02032f49,
    0xed9effa4f6987cd4,
    0x0b470114da602fb2,
    0x16f57da47f9fd9f7,
    0xcc740e79033814a1,
    0xdb68ef5c21c7738c,
    0x4ef803612f619e3b,
    0xbc1c4e1ddf82b309,
    0xdc4225db63ba447a,
    0x5aa2303aac5441ac,
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
