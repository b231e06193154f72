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
    0x31395399366beee6,
    0xbc4aa5262ee83b45,
    0x0c8e165f6c6c5697,
    0xe06b2c7fb8414fe4,
    0xa36121ad9bbbbb25,
    0x4209c68a8b237f2f,
    0x55483fbad09515e4,
    0x06c68b5bc64a65cb,
    0x06e18959543b9fad,
    0x4cbfdd658f78738a,
    0x180c4d391004c099,
    0xfd08dfdec00e0d8f,
    0xffb5fbab0b8a17af,
    0xdb3db4689e7ef87f,
    0x45972a7275d749d9,
    0x4c90b498a3bdfcd6,
    0x72716a135f7ba772,
    0xaca898745d13b785,
    0x741520f5614efaa4,
    0x283c988bde91d55a,
    0xf2dabcb1bd52201c,
    0x50dd8be18c549b18,
    0xe122e5afba01332e,
    0xf207f1d8dea475a9,
    0xade012415f588788,
    0xfa9c99fe6a36b2af,
    0xb14f2c6c538aa43e,
    0xe0211a9979a80071,
    0xaa4aa9b8408757a4,
    0xf95af07670ba7104,
    0xed0337b4a534b239,
    0xbd5d43764f0a6da8,
    0x0841234814701463,
    0xeb8a3da917e0ad0e,
    0x4529b6ca3c7b135d,
    0x1853c5ad0fe7961d,
    0xed74544a6a937764,
    0x6c80241f43447509,
    0xe12149ab9bf390e6,
    0xb70bde025258650a,
    0xca0434e6fee4f351,
    0x76b3ff931b5d4536,
    0xb87cd70e7324c183,
    0x1241594ac74d1b71,
    0x7dee3e12ff2957a7,
    0xc422d0958677bc5f,
    0x63d29485e35c5074,
    0xf9010572eef69ea2,
    0xa4c2638e1cc8d684,
    0xa6aa9dc158eb181f,
    0xf962e9c12d902ae2,
    0x9c781ac14357210d,
    0x2f79dbe375bb78ce,
    0x6e56b2cf41e6dae5,
    0x50da550e37788f0d,
    0x01d5d288d8e8fe42,
    0x505ca4d5be9b6485,
    0x716d6bc7d4d1c3a8,
    0xfb041793e64f7fa5,
    0x9762fdec71ff5831,
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
    0x891abb661fdffb8d,
    0x1b7759b5cb49d8a6,
    0x74943eed8eacb4cb,
    0x2f91274c58925347,
    0x4fa90e538e6d8ae8,
    0xe4b1cd082bd3c483,
    0x9526c4b90aebd35d,
    0x30fc87baa2736354,
    0x304cedffa4cf7cfe,
    0xeb866c3f8cabefea,
    0xf2113adda5258a40,
    0xd1129f80436c7ece,
    0xc40f490cbee173aa,
    0x34caac86be8a7d5f,
    0xf219661ead618616,
    0x97ea8876139e7718,
    0x3cdfd314941a968c,
    0x22d1c9bb26da9cca,
    0x88507a7a3a046802,
    0x001bf209cc6d0477,
    0x8fd840038b585d0d,
    0x6c4be13373284b21,
    0x29c2f7fa7a230809,
    0x90fd9479b354f640,
    0x0b4941fbd2067267,
    0x0289839d38f5b05b,
    0xfca54925a6ef21f2,
    0xdd9d179cfb79b7f2,
    0x043df43e1db26cc8,
    0xee5159c1683584e5,
    0xd0bde22842c4f784,
    0xd89ed24c21b7d3d7,
    0xd56f7f0da851677d,
    0x918b545aa250fb6e,
    0xa74453b6f7f1ab8d,
    0x2688f280b26c47c7,
    0xc97967af072128d1,
    0xcc56c56c49ded2df,
    0x38216278b766b59c,
    0xf2f59aabdf0e8d5e,
    0xba3908fd9e54fc45,
    0x60e6692c7d381f15,
    0xb4d2a07328632658,
    0x87da5e365295aa88,
    0x159c13fe04f94634,
    0x6f835cf2f50b4985,
    0x7706634d4832dd97,
    0xc9433d1d02d46cd9,
    0xf0d8e2795ea0fc43,
    0x0f64abede9d777f7,
    0x616d366373bedbef,
    0xcaa5a971bfe65e24,
    0xc8401f3f442a32ea,
    0xbf375ee9ef02c9c8,
    0xf413a273f1c84ea1,
    0x2b271312b2c05271,
    0xfbc4fce1f0971a8f,
    0xdbc993266898aec5,
    0x77191678cca7f31b,
    0x5cd4e52c4df8a999,
    0x1153ded7bebbe283,
    0x41cda3b9d33bd37c,
    0xda7bd89584206b60,
    0x29def9ed51996d0e,
    0x781a9a75e12eb0a7,
    0x12eb7fadd2ffccd9,
    0x526792f11b862c72,
    0x16369edc25402e8f,
    0xaee6b8dc0c168a4a,
    0x3a6f07e31070890e,
    0x02676a89d1de5581,
    0xe8f35816982026c8,
    0xc315e5c3219cd9cf,
    0x950681d043934a85,
    0x11e512774d70641c,
    0x5f97461bb779527a,
    0x12054e81e6a77eb7,
    0x97f9f1b171d0f7e1,
    0x30f3101651e4f2c3,
    0x9e0dd0e9329a9290,
    0x626835eafebb6ca6,
    0xa24323bb87767911,
    0xe9821b913fa89152,
    0x58b7e769791e36ee,
    0xb75da0062d104eab,
    0xbd0c2d0ee63c1b64,
    0x8fef0b437cf4037d,
    0x6c73c0e090737473,
    0x9c7e4ff8ebf35fb6,
    0x9221fe3f902174f1,
    0xbaa9f53d708c09e1,
    0x5b8aa76e9f648e31,
    0x6ff88109a4cb1d65,
    0x4fe71ca06f4cccc7,
    0x5a2fec8e519bba43,
    0x8189c75a3acd1967,
    0x1ff643e5d895d4d6,
    0xdbfad3c3607604bf,
    0x8210e1085c0b1621,
    0xe6464a6de9ff4370,
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
