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
    0x7e8ebaca75947327,
    0xc23d0b09611ff7dd,
    0xe0a52b2134a678f7,
    0xca05b2a7af3f3bd3,
    0xa36121ad9bbbbb25,
    0xc2b8c60f6e99dd64,
    0x801210970c38fe6a,
    0xe3a4bdae5c932900,
    0x7f30b722916a9a19,
    0x4ba244e961e58fdd,
    0xf134482a4cd966b7,
    0xee55c5f5f99f9043,
    0x2607613d8997e730,
    0x50fc6968f23abea1,
    0x1c999b26cbde1160,
    0x27f76f4c4fbaa8e8,
    0xbde9c92e09136ae3,
    0xa24bab4f2f44714d,
    0x649193cced9e6388,
    0x45693f23fe96a3a2,
    0xf0714c615f03f403,
    0x0f299076785aba4c,
    0xfb1595932d75d992,
    0x04f3507695539308,
    0x088e39c285083bd1,
    0xfa8706d0fefa3dd8,
    0xdd73847d25466a0c,
    0xf64f0315c30f6f8d,
    0x6d2b5a25cfe6a7b9,
    0xd8d5aa5ef2986ca1,
    0xf0b75c75eb43226d,
    0xf7f131a1c09700eb,
    0x55a1126720ca61a0,
    0xbd7cfb9cf20eee2b,
    0xf270a0fdaaa1ce34,
    0x2d46056a2e62ccce,
    0xd611daeb8c9ea4b0,
    0xe34d9346dd36538d,
    0xe12149ab9bf390e6,
    0xb70bde025258650a,
    0x44457057fb50512e,
    0x0ec920821c1faf60,
    0x07a23bb5ac21d2b5,
    0x1241594ac74d1b71,
    0x2279758d48ce2205,
    0x382e81a8975bf4b8,
    0x6939a1360bf36b28,
    0xface25c7fc05a46f,
    0x8b94d84f2b5a3e4b,
    0x4947c738341a665c,
    0xe2f2900b01556aca,
    0x07bf818c02768fc4,
    0xe40d65664d28dce4,
    0x167f908c37d98b29,
    0xa44dc419d36d91a7,
    0x9e9d20feb53fbe89,
    0x505ca4d5be9b6485,
    0xd38905933d4c11a0,
    0x99d0628dc706ed5c,
    0x7a9076a29a99ef3f,
    0x4cfbfb82a3e2c6a6,
    0xa8d76225334580aa,
    0xf522864e69ba323a,
    0xfabe8c6018f8d651,
    0x03871a085ef2460a,
    0xa764b8af90bbb9da,
    0x10c964a03d0ac3b3,
    0xa8509591160d61b0,
    0x12019c7bc39e88a5,
    0x7c0a77b243653a86,
    0x44ca106a85f7c86b,
    0x771022d5cd56a9a0,
    0x3a7c3a9be97178d0,
    0x546275827dfc7b38,
    0x02b6b48364d0181c,
    0xaa37913e3169e9f5,
    0x0aa8fe54968b4dfa,
    0x231c2625e5206998,
    0xf3b74d0f42fab3c2,
    0x08c88f290f3b6c32,
    0x34c31406d446d5ad,
    0x823820afb0c21ad9,
    0xfe782cde76813cbb,
    0x946029ccc6ecfb2c,
    0xca76c64ddfe91dfb,
    0x03fc609eec11ddc5,
    0x1d38256ddf55ba1f,
    0xffdb5bf107a70d00,
    0x2d6f9d9cd48ebd5c,
    0x4bf93e42ec300a9b,
    0xbcf84e64495cf319,
    0x2a3d9cdf47af1425,
    0x35eac27d572b90d5,
    0x91ef7a3b048b588c,
    0x063e0d4624d7e99a,
    0xe03fd1525610cf69,
    0x15e70a6e355b9d03,
    0xa106ec05c50989d6,
    0xa1940164163436e7,
    0x586021c8774808e3,
    0x8f183a3f0314e177,
    0x043ce5a63d764311,
    0x4110f6248305ba44,
    0xa95af87471ce5544,
    0x12b45a2143c16880,
    0x7d9b3bce14310c61,
    0x5fefcd61ac868da8,
    0x38406242f3e5df70,
    0x0e52555f1a9220bd,
    0xf5a2b7e743c9d8b7,
    0x98eddddc6920d56c,
    0xe5d53487a10abe07,
    0x52978ca59ec707ac,
    0xa08849ca018f9ef3,
    0x93b97b1e195e64a3,
    0xaf502dc5a0d2262c,
    0x231cc63594897499,
    0x5761827f09c8f49c,
    0x0c307e876bb60b56,
    0x6a22035beb00600a,
    0x91376e17ed23cd1a,
    0x8733110b42dc2129,
    0x1833d3d1610612f5,
    0x7fea0f66aeb9e36e,
    0x8575d873467f3b8f,
    0x6cb576ae743e4f80,
    0x69ad8f398b24492a,
    0x26264badc12adc7b,
    0xc54c015ff0d7488b,
    0xccf94d666a9064e4,
    0xf39dfd8aeb7b6e4f,
    0xb8b9b58e9098fa7c,
    0x2ff81b319ee24d1b,
    0x16916c146efd0b90,
    0xd29c0c8671f3f206,
    0x8cc515ea9f7441ab,
    0x4fb11eefd5762b01,
    0x4f289abf7622f886,
    0x313c9364888f151c,
    0x0f6a1442e6cb0122,
    0x0d9eaa0301e06fa0,
    0x7179e518d088c6f7,
    0x2e08eb4889c6859f,
    0xd2cc2b3dcda0a1fd,
    0xbe9ee89336464812,
    0x41add644f021064a,
    0x841e522f18b7ce6e,
    0x3822b8bc58301c32,
    0x2d5eef0998a0cb73,
    0x88392df552631504,
    0x227941390ed797a5,
    0xea479afa10cc0abd,
    0x018984aecd729faa,
    0x14b3fa4be5cc4393,
    0x77f2df44f124fea6,
    0xa6a3441c67684b1f,
    0xa63f11157f779e27,
    0xa2316cb02a82cbe3,
    0xec4a9987413d11e2,
    0xbfface5c4ba5e028,
    0x927482978e59a1d6,
    0x80fe3a49cd1326bc,
    0x3c734d7744b607c9,
    0x9e987f002461d981,
    0xe12459061180a3f4,
    0x376a5f83f6de1f58,
    0x2dd8ac04892b39d4,
    0xa83f64240ba1818a,
    0x25480c86a143069b,
    0xb7fbca4fe97db78d,
    0x632eb29d7e5176c9,
    0x964743db74ee9200,
    0x7f3bb9a7838355bb,
    0x9a91e45068cfda74,
    0x85d1de6519d09261,
    0xf7c82e34b917f80e,
    0x9fdd21f1b3165768,
    0xe59952d8654970ee,
    0x168a0f71439ec107,
    0x95f66078d8d436d1,
    0x54716cb43d913481,
    0x3c72182b10fbe932,
    0xc08a95fea28ff690,
    0x4a60d2482d041599,
    0x5bc205729b840d5c,
    0x31c856d16ec1b88f,
    0xf586901eb734d249,
    0x7181017b88c27dc7,
    0xe2587a3fe64bff6c,
    0x1f483d44f3f68c17,
    0xd6d6c354295c07f0,
    0x2286ee3da2069b65,
    0x7a06602626257573,
    0x6f98c4b6def58ef0,
    0xdd834e2eb169bc95,
    0x132a014da575b235,
    0xb91e443e1981524d,
    0x0b2b81fe9abc9a34,
    0xc753aa7d028ccbcb,
    0xdfeb58f2a3e2f19f,
    0x1e886a221adeece9,
    0xb4370c89e36abcdb,
    0x98f611d027ff5dbd,
    0x6fe2900ee1ade231,
    0xae4a535c1d1f3b5d,
    0xa8b2ea0c298e7295,
    0x5ff0536f668ade35,
    0x1f551bc69b964b35,
    0x7cf38184b227c746,
    0x6ab6a45b88bedabf,
    0x9b06e1b7d877d9b5,
    0x77456c0068724f0c,
    0x029197ce58b7ef8a,
    0x9a988de55e7c9393,
    0x3d03d415aa0b3704,
    0xcb6287b1f4c4b44d,
    0x3612a0fdb8579e44,
    0xfab7a0d8f9494c0a,
    0x1948923b72129264,
    0x1f27eba81b3aab0d,
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
