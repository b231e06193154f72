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
    0x373156039a32b089,
    0x9d79d6bb9a7ebd80,
    0x72920008e928a141,
    0xe717b306f4aaa329,
    0x6f9ede5f5b0f153a,
    0xf2ec542bc67f78c0,
    0xedff838c9a415e71,
    0x7997b92ec9560aa0,
    0xc8361955eec57d99,
    0xf4029985b8dde173,
    0x859e780a075e4116,
    0x2441208f478db4a3,
    0x742f3d58d425d5d0,
    0xc32a28ee4b4deed0,
    0x2ab90f268fdb5256,
    0x604695a9c9a4f5c6,
    0xed7f3d4d3e65fcbd,
    0x485b685745f8cb1b,
    0x7d3480d56d075502,
    0xfc38c4fe92aa0bee,
    0x8c348784ac52dd06,
    0xda3a1e1c47b289ef,
    0xf8d88a041b26252a,
    0xe7523b0865bb4a50,
    0x1781a169a8072d0f,
    0xb859025fa583054b,
    0x3b26f386721aa0ca,
    0x7616edcee2d04f63,
    0x56e653d50d645277,
    0xe7595d9102dbce06,
    0x349db7cb042e46fc,
    0xbcf45c222b49b9e9,
    0x9e2a1fa6c21abe13,
    0x41a3aff045f90fcb,
    0xb23bffabbf91b81a,
    0xeb8de589600b764a,
    0xd38eda839e9d2966,
    0x615f62c1a4f6ac5a,
    0xa863c244ebafd1db,
    0xa1f5aed0b0f65fb7,
    0x6da078d9c258e996,
    0x4a284b6e8d7975cc,
    0x4c5ac91d95aba377,
    0xf435c8790809eae0,
    0x2affd6b4f710f4ea,
    0x8f0e85cf0d100665,
    0x88083bb468fc9233,
    0xb6726658f6767aed,
    0x863b3640869629da,
    0xe2c30c128a3b6899,
    0x0c4e38f9a3a5de7e,
    0xba2d59f089495c49,
    0xcfd34ef9e3928d4f,
    0x112f6db2d35c3d41,
    0xf94580aec8fe8314,
    0xf991bee50c9b93c0,
    0x8abe352ae3814c44,
    0x6d64dfcb9d84b2ae,
    0x7847adce3ab35530,
    0x07dfb0413a79d1a8,
    0x24c7b55a54de045a,
    0xf6b4baf629308ba4,
    0x097518f0ced1e3ba,
    0x174bf20993716fa6,
    0x03871a085ef2460a,
    0xc2f272d18daa8dba,
    0x10c964a03d0ac3b3,
    0x37b73631e929617b,
    0x59daf15bdd62ea40,
    0x29afc94e2db6db4d,
    0x8b4a607b208e25cc,
    0xfd647296ca34ea59,
    0x9deb384317c2032c,
    0x5ac21c92612ac5ef,
    0xf9b51397b72ea472,
    0x8ac9b3fc6ef797b9,
    0x0865b669d54fa050,
    0xcfe194ddd51d0916,
    0xb2f73d3a60908e82,
    0x0ee6079c388b9187,
    0x11d407c5365af07a,
    0xbcd224367f3a2138,
    0x8311b35f599f9ffc,
    0xb09653c7bd497349,
    0xe89db8d6898056f3,
    0x31f570ac46e4de6a,
    0x35a318c61d13d2a1,
    0x5d9e729ce1d8e7cf,
    0x728dc82354178229,
    0x5cdddbf528eccf90,
    0xbcf84e64495cf319,
    0x321e15f047b1569a,
    0x3ac235a1cfd3bf59,
    0xc304d0b7e6934ee6,
    0xa255c6151831addb,
    0x002a0cbfd63c9cbb,
    0x15e70a6e355b9d03,
    0xff7feee649e0758f,
    0xf87952b7a5e190a9,
    0xa6e1019560550bcc,
    0xdaba6218b804b2c4,
    0x0ddad3ba86cb1ca0,
    0xf1bdcf8c0aaa60c3,
    0x43d32305e0b6c8e2,
    0x2b543d03a07a4ba8,
    0xc84ea21417169590,
    0x1f875e5196a8d2c6,
    0xbbcb82ffc3644d5f,
    0x4d344dff1757ff24,
    0x817d2123b2831a43,
    0xb1cc2f7865a29d9c,
    0x6f5b1111785166a8,
    0x55ab72e98995bdc7,
    0x9399c947ad9e58f5,
    0xc37f588ff86b1276,
    0xa5ae386c0fe47ae7,
    0x1da4e7e39b53e2b6,
    0x2ac9dea8714ab3cc,
    0x3ca676a0827003c6,
    0xb83d93662e4b4338,
    0x670966715bbc1863,
    0x76c80c138871ebbf,
    0x5f10c10a46d49021,
    0x495c9d894807d33c,
    0xfc0e14258c97de5a,
    0x0b705965680b9a3c,
    0xff76e9bb852a881a,
    0x49ff9518d35428ab,
    0xec16432bc4d58839,
    0xd54bfb373023b11f,
    0x351fa7220a9a71a1,
    0x055a2d7ec9c0a0d1,
    0xf50f9fbe9394339b,
    0x2258233559ce0ec2,
    0xd0f7528679a365ae,
    0x1703dc06c9c280d7,
    0xa09b4c11ac92b95a,
    0xcff2551e39c4f9fe,
    0xea1ede8720f75c9a,
    0x72cc085c78572acb,
    0x2b6cc28131531a3e,
    0xd0cd96a990cc175b,
    0x58872daeb533dac8,
    0x8355e50dadf56c2f,
    0x2fdbedbf3a99da82,
    0x79eeee2881643729,
    0x0e2be96cf9d2d7d7,
    0x497a123bd7b386f9,
    0x967f3ea61b04458d,
    0xeda1831fa8bb2130,
    0x7bac416babe60ece,
    0xc2325dd266013cc5,
    0x44f9165dddc0ac03,
    0x9a6968d8c7fb4931,
    0x77f2df44f124fea6,
    0xed0c7232ca6c7dae,
    0xd48795609ee3d63b,
    0xf1dff48a7135236d,
    0x8ddc02607600a775,
    0x97ee119b99a51567,
    0xa40d9fee20c367b6,
    0x0f8d2ca9ed20793c,
    0x689c32eb3b1c2551,
    0x4212e03c93a16682,
    0x20467674c76ffdb6,
    0xffa17b81af0a53a7,
    0xd12f7a4017aa76f8,
    0x337acd10a0388f5d,
    0x30c92effa5b6b0d1,
    0x89ce22b22cb6b003,
    0xa809f30ac0a6cca9,
    0x0f13b7499eb8401d,
    0x13a0bdd085d5878d,
    0xcbc43f24754b6d0c,
    0x5d8d7a82a903e014,
    0x71e2b367dae8b7c0,
    0xcea3e9e1e8777fe8,
    0xbdcca46e905e964f,
    0xf86c1975f7ea03e2,
    0x4958a9136112b1f3,
    0x5bfeff18343b6abf,
    0xa63599ab7f97e847,
    0x914becd4368038df,
    0x4a60d2482d041599,
    0x62f1c413fa200575,
    0x2b8292c6c0a8441c,
    0x7d50177ba3630ee1,
    0xf0294d7dc78dba85,
    0xb657cee71d958a01,
    0xff370434f16493cc,
    0x2e5955a50aacbdf0,
    0xaafd3f23ae77ac65,
    0x4707096310331288,
    0x6f98c4b6def58ef0,
    0x8b5f5aefa28152ad,
    0xc4bf0436032b2492,
    0xc27bd677998d48cf,
    0xc940fc18aa404341,
    0x9f5808232e788f85,
    0xd00f7f2e883435c1,
    0x766397f00ced6682,
    0xdb23485a726cab9a,
    0x99dac6280c94e28c,
    0x113054b6a2d2cf4b,
    0xae4a535c1d1f3b5d,
    0xbc0246f29a78a935,
    0x168211a4c61c1e79,
    0x50d7879667c97724,
    0x41056d9ae8e70134,
    0x94f90473c03927c2,
    0x5d6485f40f270daf,
    0x0fb3a579fbac3805,
    0x1d27282d1782b7d9,
    0xa7c3237c8dc10439,
    0x5e9084326f7fca4d,
    0x5c5fb44b8fea8ff8,
    0x3e0b5d1ed2828cac,
    0xc3383610b3f08a44,
    0xe333336210b5a088,
    0x731ac7eafa368785,
    0x1fac0a4c356ff9d7,
    0x46d59275659c558f,
    0x2b8235fd5b3af0d4,
    0x496bfb08b5451704,
    0x965481d6cd84d33e,
    0x3e93ccf5b80c0728,
    0xabfdca16e32c0ad2,
    0x3787a72e1f3fd4c6,
    0x7b470228932388bd,
    0x449a880e0404b4cb,
    0xbc6a0afdae6daeac,
    0x98b83ffa09e90b2c,
    0x14aaac0dd2c31118,
    0xe1087d87c014dac6,
    0x6202be87c49e60df,
    0x2ea42d2c564b4815,
    0xef21584ec440ce10,
    0xf94e5bee86d3c884,
    0x5d01689f4cc28e81,
    0x0cd376c627ba4bcc,
    0x2dda9f4996b18a94,
    0x8c19827990c83ac5,
    0x58339a97e9905c06,
    0x0c4139b9dcd7c278,
    0x8a71a8ebccb30646,
    0x94a96bdc6f8af0d7,
    0x0d0f604fbab2772e,
    0x80695020f2e1d3b6,
    0x20010cbf58f5497b,
    0xe7f3f0e96f1f3aaa,
    0xd327fe84799007b3,
    0x1535e7086d3cceef,
    0x817f72c47a64330a,
    0xe2001803a149f8bd,
    0xde85f8215b36b8e5,
    0x79432ff4bb1eca2c,
    0x6cf0ad4368982462,
    0x5701a19cb3702e61,
    0xaf425e467e13f23e,
    0x9d1aa9450d12a3ff,
    0x32038431cdbe8ad3,
    0xf372e658299f0de1,
    0xa1890d116e58e4e1,
    0xd6734956e4b1ed52,
    0x2d936adc50803e0d,
    0x2cb45846e4f4b50d,
    0xc0d22dd9430564f1,
    0xba4f5352430960e9,
    0x605712804ea81ae3,
    0x03803a7a3d7f9b6f,
    0x9cb64e40dcb16ac5,
    0xd2555c30cde2ef80,
    0xc07545bfccbaf11a,
    0x2dc9214f05b4e1a6,
    0x6938e4eb72d2967a,
    0x349c8caf3c1c9fe8,
    0xde7679f12cdcfa5e,
    0x875d1c24b59ad7d3,
    0xa47435285a097583,
    0x371f9de7229d8f7e,
    0xacf9c08f620f0275,
    0xf51072ab748ff5ef,
    0x00a06cdc22868780,
    0x4b21c54462644c9a,
    0xde923089f05176aa,
    0x1a79f222bf8e3ea3,
    0xd73b310344229f25,
    0xa69aabd4ef6a032f,
    0x38a563ee8096e111,
    0x6c228e0181faa58a,
    0xc09c42ce3de79c4f,
    0x0571cdb4f4810873,
    0xc41f4da96eb9727c,
    0xb3456f971f1d8e88,
    0xc4818b82c19eaef1,
    0x06c244e5b0921af3,
    0x43600a4248e6d206,
    0x07d9d0afe3a96cd9,
    0x88a7658aed5fb202,
    0xdf5f7ae8eca358a3,
    0x287952a4553c42b3,
    0x9d11404f7b93a44b,
    0x4a1c61914cab260b,
    0x6b8af720e26f9037,
    0x0514fe7f65928e23,
    0xeb2d420505515fbf,
    0x56c54a2cc4c11d82,
    0x5259e067f4caa8e6,
    0x35ef8da896b03fb9,
    0x730837fe3c4f283c,
    0xc996f5b25938c4a0,
    0xb54ea3c303a77180,
    0xb99e39412a62a2e1,
    0xf7f47f275baf56f9,
    0xaabb97a22daf4de9,
    0x574c51ff912f24c7,
    0x0936a094d04b65cb,
    0x8d011d300dc3f739,
    0xbce70675db54793b,
    0x6ceb30502c9739a3,
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
