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
    0x39eda109f23f5970,
    0xf6b4baf629308ba4,
    0x097518f0ced1e3ba,
    0x772fc50b32f6bd43,
    0x03871a085ef2460a,
    0x39fbe1d98a3303d4,
    0x10c964a03d0ac3b3,
    0x4389016a57ce4ec7,
    0x29eeaa0fdcc37931,
    0x7c0a77b243653a86,
    0x8b4a607b208e25cc,
    0xfd647296ca34ea59,
    0x9deb384317c2032c,
    0x697db1405d8778d5,
    0x087f9d12f9751775,
    0x997a00fa476c82fb,
    0x0865b669d54fa050,
    0xd6de80104766132d,
    0x37c611a443c32426,
    0x0ee6079c388b9187,
    0xb7025990471f1ed4,
    0xbcd224367f3a2138,
    0x29ea6a03ba637836,
    0xb09653c7bd497349,
    0x586636e39c98d254,
    0x31f570ac46e4de6a,
    0xf1b560c5740d866f,
    0x5d9e729ce1d8e7cf,
    0xb888a523c13a6fa2,
    0x5cdddbf528eccf90,
    0xbcf84e64495cf319,
    0x321e15f047b1569a,
    0x3ac235a1cfd3bf59,
    0xb78bfd4281d0c45e,
    0xa255c6151831addb,
    0x002a0cbfd63c9cbb,
    0x15e70a6e355b9d03,
    0x62026f7a0acdea64,
    0x93cb7866d673c07e,
    0xbda86fc99ff915a6,
    0xdaba6218b804b2c4,
    0x960d38501d43ffd6,
    0xbe160c60e9715800,
    0xec515c4e1993a34a,
    0x2b543d03a07a4ba8,
    0x37de013f5575209a,
    0x1f875e5196a8d2c6,
    0xbbcb82ffc3644d5f,
    0xd2e63d6b2dce878f,
    0x35f2357cb302d6c5,
    0xb1cc2f7865a29d9c,
    0xec7a9532548eeced,
    0x55ab72e98995bdc7,
    0x86146264b89a5d68,
    0xc37f588ff86b1276,
    0xa5ae386c0fe47ae7,
    0x863eee9f4e4e845c,
    0x2ac9dea8714ab3cc,
    0x98265a348577db41,
    0xb83d93662e4b4338,
    0xcb87bf5697bee29c,
    0x96e5ece48cc967d7,
    0x54fdfa6f7d78380d,
    0x495c9d894807d33c,
    0x2844983b7705ecd6,
    0x28819913f39ff5f2,
    0xff76e9bb852a881a,
    0xaefadcc0d7f0277e,
    0x0013507a3461c69a,
    0x1fb9148cddd0c366,
    0xf36b693ee35d26c1,
    0x055a2d7ec9c0a0d1,
    0xf50f9fbe9394339b,
    0xbe1fe44cd6e4c57e,
    0x4d9e9b8eed7003a6,
    0xd8fe356606cf6199,
    0x22e3cf06084c2360,
    0xb632abe722514f94,
    0xf14a01a7c7f111b3,
    0x0f6a1442e6cb0122,
    0x1d9a3e4c37dba92a,
    0x8542c451221a192f,
    0x84f56ce33aeec038,
    0xd2cc2b3dcda0a1fd,
    0x315bc2e58ecf76d4,
    0x41add644f021064a,
    0x841e522f18b7ce6e,
    0x4ceaaab21faef521,
    0x96c167e1947e059b,
    0x5042288cc69898c7,
    0x067bb9d88bb09bf7,
    0xea479afa10cc0abd,
    0x669a9bd67ba8c9f4,
    0x9a6968d8c7fb4931,
    0x77f2df44f124fea6,
    0x985382d20056f090,
    0x319f056018e0c1d5,
    0x0dbd0bd055c0854a,
    0x13f0d9a88b19d792,
    0x7ea53f12ee6620a0,
    0x718a48fd6124fae8,
    0x0f8d2ca9ed20793c,
    0x394c8623fe60378d,
    0xd09adab438b52312,
    0xef8767e89037e3ae,
    0x376a5f83f6de1f58,
    0xd12f7a4017aa76f8,
    0xa47d410a70fa3d49,
    0xfe051f8a58f5f6e7,
    0xef88e005363ccf7f,
    0x457f9a24aea5faaa,
    0x3bc75cae06286986,
    0x461ccb1380ccf9e4,
    0x1177508227aaf108,
    0x5d8d7a82a903e014,
    0xb3398512c7f5fb8a,
    0x81706453283589d1,
    0xdca4ce2c942cd98c,
    0x9eb57ffc6286622c,
    0xd8799bd3e810b85f,
    0x53684f8b04279424,
    0xf7b1bc46e069e42c,
    0x914becd4368038df,
    0x4a60d2482d041599,
    0xa2b8f91388018511,
    0x2b8292c6c0a8441c,
    0x7d50177ba3630ee1,
    0x9066029d4c9abbe7,
    0xd1d09d5bc92ea58c,
    0xff370434f16493cc,
    0xb533e92442d20db4,
    0x35e528cbff74ba75,
    0x7a06602626257573,
    0x6f98c4b6def58ef0,
    0x54022e018bb5fdb6,
    0xc4bf0436032b2492,
    0x3d4f996d2b2ea3d9,
    0xc940fc18aa404341,
    0x0522d09f3bb80337,
    0xdfeb58f2a3e2f19f,
    0xadd83a718a57bdb4,
    0xe5ae467bff7b0d32,
    0x79a7e30ac92fabea,
    0xa090397de4d70983,
    0xae4a535c1d1f3b5d,
    0xbc0246f29a78a935,
    0x4459df72d6935110,
    0x50d7879667c97724,
    0xf9fc5dfa3e0af631,
    0x94f90473c03927c2,
    0x9b06e1b7d877d9b5,
    0x0fb3a579fbac3805,
    0x1d27282d1782b7d9,
    0x9a988de55e7c9393,
    0x3d03d415aa0b3704,
    0x5739f188807196e2,
    0x3612a0fdb8579e44,
    0xc3383610b3f08a44,
    0x1948923b72129264,
    0x731ac7eafa368785,
    0x158fa69084500b39,
    0xb7726fbac614f689,
    0x6d5cd9450ed7cf89,
    0x18b1dbb57b336f92,
    0x929eca89942d589f,
    0xc82cc02b6e6e121e,
    0xf193c9fd431fbbca,
    0xfa71cd039433d778,
    0x2817193e41bfbc30,
    0xb134f536c46ea14f,
    0x664c041d95f19953,
    0xba1fe2d5cccdd453,
    0xaa4af44a08ec8c1d,
    0x2dddb0db3aefd362,
    0x8a3f5ce19290229d,
    0x0c14642de9bc5e30,
    0x96e26cd19e6790db,
    0x5addd9757af8590b,
    0x0e153325a74c8280,
    0xb8d977f299ebe07b,
    0xbaeabc63cdb1a61b,
    0x1746c986c94916bb,
    0x897e1962006fb380,
    0x84b77b1b2d663132,
    0x4636f448de079db0,
    0x9ea6e24749b77d9e,
    0xa1403ba73cea595a,
    0xc3cce5ca700aed26,
    0x55c8be73ee3dbe60,
    0x4e8bcd6355b6b79d,
    0xef992537c4120852,
    0x6b61fb31bdf980e0,
    0x2793f970239ec8b4,
    0x040f6975660455d1,
    0x6973ce1903ac1014,
    0x95fe27ab961b31c4,
    0x23f99231159183e4,
    0x0f1d4184b87fb401,
    0x5991f21ef980cdc5,
    0x3ab637203dcc2fd5,
    0x4c9f3f80bfd53321,
    0xf1a5449e25f24d06,
    0x1b4b1ce0dd939e8f,
    0xa3698f36100211fc,
    0xf6829ec1d296cc5c,
    0xbf9fc84b547cf237,
    0xdacbb977da02b320,
    0x8940dc4f853798ea,
    0x74fb94530e550099,
    0x276f4319eca93af7,
    0x01e6f79e509a4168,
    0x7577c928228d2394,
    0xbae07b60d0df79a2,
    0x6ca6855e3561295a,
    0x22ab5f77f1b8ec6a,
    0xc81412f77cbe9635,
    0x8dca8f5be79ac89b,
    0x9f5e080f1ee860bb,
    0xe9f8d11c2d7cab52,
    0x8c50d2dc396ac8b6,
    0x3f03bf15cd8f64ad,
    0xb53d87265c3c1eeb,
    0x349575e83d852aa9,
    0x7b39b2cc5c525214,
    0x269b9f6621a4b2f7,
    0x6592a2b8a210d737,
    0x0063bba66d8fcab0,
    0xfb2d0fba50a04c4a,
    0x03672ea02c4714e8,
    0xb3466fd4970d9abb,
    0x9fec3a86f0b9f844,
    0x7d92dc723a0ff16d,
    0x7d422c1eacf06f4e,
    0x000231f618539123,
    0xa21df8935f644d42,
    0x22d1a0577878f13e,
    0xfe5852d4b1de0f99,
    0xbd6ff1d731d950bf,
    0x18ddf4ed350059f2,
    0x24d400894ca5079b,
    0xed98ca577f0a1217,
    0xa30a24315b362945,
    0xa46c2d4068e6bea7,
    0x91292cc220cd94f2,
    0xc817e1af1bed12a7,
    0xf4ddbb6087169008,
    0x64aa0497018c0bcc,
    0x236a82b6d47d1c03,
    0x935b6d9d3a63511a,
    0x3c5423eefa8196ed,
    0xb9ff5d51948e3392,
    0xcc9cdeb06c41b244,
    0x072219f7ab4b3f6b,
    0x1a4b0dcfa687fdd6,
    0x7f752caa7d3c4562,
    0x025821444e12e951,
    0xe196332c2208208c,
    0x2b3e78eb835210df,
    0x9562431aff3168a9,
    0x0aeb686cb6228bda,
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
