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
    0x045066c861886545,
    0xbc75988a44a8c951,
    0x9f208ac2a254f8ba,
    0x30e8b07ac1b84058,
    0xac177c531d8b5047,
    0x1ef3fd12b7d11daf,
    0xef95a04276eb0e33,
    0xf5ab108cf57446b1,
    0x7f650a393b56532e,
    0xa97b49a03de247b1,
    0xee272c65daf0d944,
    0x8c66a7d18a69df5d,
    0x697db1405d8778d5,
    0x900748a9b490a367,
    0x65c169c773060c84,
    0x23a2f54316cf691f,
    0x8a702004fb5cf3ee,
    0xb9ee18b8979a7bd1,
    0xeaf17ab3e3fa45cd,
    0xb7025990471f1ed4,
    0x52adb6e5209b7f12,
    0x7d77e4d99a6f1c19,
    0xf4e0843b5f71fd13,
    0x0bc281ad861ede13,
    0xf76c0b52368a0c4c,
    0xea97d3551771ff56,
    0x678783c360b5aaa7,
    0xf9b7508d33bc40cf,
    0x3256034eb38c0e6f,
    0x39737ea255abd981,
    0xfb431191c306346e,
    0x38425e30a26bc9de,
    0xdf3610942866dc00,
    0x97abd374fe217971,
    0x002a0cbfd63c9cbb,
    0xdccad453f3336306,
    0x6aa9620a7355e6ae,
    0x46c8944db5151505,
    0xeb9e618e13c05c36,
    0x031a0c754dccd43f,
    0xb9432cd0d52f02e7,
    0x68d5308c062d6477,
    0xec515c4e1993a34a,
    0x591135030f61bc75,
    0xf96163405014950f,
    0x790808df32d376c7,
    0xcd5c1481266a2d84,
    0xd2e63d6b2dce878f,
    0xba6665d781c0bbeb,
    0xb1cc2f7865a29d9c,
    0x550dd0ab6ea73495,
    0xd64b7b08b59913e1,
    0xf58a0a4d80b9eb2e,
    0xdcaf439b6fa02736,
    0xc190b34d0fb321ed,
    0x8b35d406c9ec4b1e,
    0xf93fecade1f731a8,
    0x70691cf94bdf6464,
    0x685b3a493d274d12,
    0x52b60ff03a30bb37,
    0x661b795023184568,
    0x54fdfa6f7d78380d,
    0xa899e19487bace0f,
    0x8b8f799a031454d8,
    0xeadd6083486172a4,
    0x1724f2022595e358,
    0x91b5961dd9b19960,
    0xf4eabad849490dea,
    0x1fb9148cddd0c366,
    0x6665827dd6cf11de,
    0x3a08c80d3552a9c6,
    0xf50f9fbe9394339b,
    0x572c552a9d0bde05,
    0x4d9e9b8eed7003a6,
    0xb71c4186dc49c1e8,
    0x22e3cf06084c2360,
    0x898c3d8af9be31ba,
    0x2c9e3a197aa89800,
    0x1b4244babb5d5c19,
    0x4b4d7c9a070b00a5,
    0x5970a422ea42c08a,
    0xe403f568ae1c2eca,
    0xdd7b20f88474a7f1,
    0x0ba86b9eca749cdb,
    0x1d317c0a3f504afc,
    0x90d9e25e5b6cf6ca,
    0x684cb49f40fbb800,
    0xe7030cf7860cf6c6,
    0x093ffdf8fc2d42a7,
    0x805c85784a4d9d65,
    0xeca39a6877dcb3da,
    0x2a421abc201d15ba,
    0x8c56db100304f47b,
    0x5e6690a7d82f0442,
    0x52411710cc000a1b,
    0x6a6a39808781d307,
    0xd126106185c10f2c,
    0x18c4feadc4b79533,
    0x443a9b2befdc9671,
    0x95ed7463e2598a37,
    0x9c5034abcd69f4dd,
    0x9ce4637cb6066332,
    0x21fabad51d80226f,
    0x54047fcdee636ade,
    0xeec9e73fadc95054,
    0x7f6978af8a532ea7,
    0x0bf81c7907e649c9,
    0x743a749ecce8379d,
    0xc57be5a11ecae9e0,
    0x457f9a24aea5faaa,
    0x3bc75cae06286986,
    0x461ccb1380ccf9e4,
    0x0196876387b355f9,
    0xa1c5c5eb4895cdc7,
    0x12136713fadb5b1c,
    0x496bcb07b903f4ec,
    0x5a240264237a3d1d,
    0x82b156b161ca185b,
    0x4b1957a8993ce702,
    0x7ac319f5ff172576,
    0x1b86fffe37dc41a3,
    0xbbfc1d2517b6ac84,
    0xa4f41c3881da2627,
    0x5d1fea804b5a4dc5,
    0x582767009ed8f82c,
    0x560c9fda9767fd32,
    0x9066029d4c9abbe7,
    0x2bf32a7a30b9fadb,
    0x6b8d963e02ba3888,
    0xb533e92442d20db4,
    0x73802aed645043f3,
    0x22157507cdfda8e1,
    0xde97841f0403e738,
    0x7b85d0b8f2b8f371,
    0xc4bf0436032b2492,
    0xbe142a04eeb2408a,
    0x124bbdcf7fe933fe,
    0x0522d09f3bb80337,
    0x15a50573ef90c6cb,
    0xa8aaa2758ae38395,
    0x6655e627a40e4b68,
    0x79a7e30ac92fabea,
    0x197278625fb5bc86,
    0xae4a535c1d1f3b5d,
    0x05b1f9205de4f42a,
    0xb1d2218fab945f72,
    0x61868078fbd51a99,
    0x4bafe2538dfa5e2d,
    0x5a49846f769b420e,
    0x879291a0a7874aed,
    0x80c2f4b7b9bc0719,
    0x2d0a052b5e1a2dad,
    0xc87046f00d2064c2,
    0xd104c38657b3ca64,
    0x5739f188807196e2,
    0x3612a0fdb8579e44,
    0xdc982499e123ad65,
    0x6cffcc8f11472778,
    0x210f27b0dae5d86b,
    0x0e018d3506b9e4be,
    0x1220a387ab23169b,
    0x47a2613e2ce65983,
    0x9b6885a0826b29a1,
    0x82db60c50a50a5e8,
    0x1fd6292ff798578a,
    0x67aa63b51c54612e,
    0xc14fd764bbfdac55,
    0x82879ef71649b863,
    0x3a7a436c6d1800ad,
    0x7dc52f146d1cb9aa,
    0x64928d8fbe8537fa,
    0x325ee31fa21281a5,
    0x9cfca48689807313,
    0xb40d45b6b270c724,
    0xb38febba4321d623,
    0x972db1f332a4c0a6,
    0xf94e5bee86d3c884,
    0xaab5dfb2aa84c586,
    0x733f0405a2ed508d,
    0xe315036f5485c600,
    0xc9378ca53220d287,
    0xbae32b3855731128,
    0xe672a54c4d28f055,
    0xc4561f5589706a5c,
    0x42eb3b8eea9077bb,
    0x699c8d14e728a5d2,
    0x3c0f478927bb92da,
    0x54efcea722de166a,
    0x90ddf561a6996d2d,
    0x02f2b980ef87d816,
    0x449eff4d3ac9a091,
    0xcdf6fb9a68fdfeb9,
    0x420e6d950ca5ae02,
    0xea71b711f27a1c67,
    0x7775e8ade34eec95,
    0xd93f213dc6ec6463,
    0xf13bfbaadd139ce1,
    0x3688469f911a1bdb,
    0xdebaf3c326ae8443,
    0x26f3d82c9c7d80f1,
    0xaa44a75f18b833a5,
    0x7b4826e0e7072c88,
    0xd5125cbabe2f8aad,
    0x67204cbfade6f6f3,
    0x8902647e07c29e15,
    0xf26f8af2e5685ff1,
    0x71edaafdf5b6bcf6,
    0x92c6b4d5957ea5dc,
    0xbda40f9a3ea57022,
    0x4c5c564cef5e7986,
    0x48b367c589ff7de0,
    0xe6156c50070cde66,
    0xa2b6d1e6763725dc,
    0x2afdc29ca26ad857,
    0xc9d6eac0864c0288,
    0xe3ed25b433fc5233,
    0xdd249d46bff638d6,
    0x6d2b2e3cd196aec4,
    0x8db33459a6b1f8c7,
    0x7209843008dc0604,
    0x2e9d23da4d44fe49,
    0xdd6523a6ecc2e04e,
    0xca7e1a5cc977a11c,
    0xd4e49b07f40e4173,
    0x9f803f130c5dd53d,
    0x3cee89192107a56c,
    0x5b8fac41dedb7bf6,
    0x629f3da332ce352f,
    0x02cbe8cf42149f4d,
    0xb958615722f622ab,
    0x0571cdb4f4810873,
    0x676ebdc3e2f29b3b,
    0xeff2f3c199093f1c,
    0x8384df327fc4fc8e,
    0xd7b23f05a300b8b1,
    0xfa5b440dff625abb,
    0x32ff9743bfa1bb46,
    0xcaf3d0a6c56c8746,
    0x38567e4e60c0965b,
    0x5a71f4e38c17f564,
    0xb8238a578a77f247,
    0x02d6e60c69c5580d,
    0xafdcd1056ad244bd,
    0x8e6a01ebceeb2c25,
    0x2b4dbf19fc990553,
    0x1f09fbe9d1b96002,
    0x432ed92729a80eba,
    0x70cbd3586da80ba4,
    0x89a5feb2c1858e08,
    0x1af66880293e87a9,
    0x65e6c65cfbf0519e,
    0x664f80e6487d4f3a,
    0xe40ed4f0940998c7,
    0xb58c3f588dc00c42,
    0xc57e0ff86b08e13c,
    0xd6b0bff44a7f9079,
    0x038fa04b85f52dbf,
    0x7743594a6188f921,
    0xfd8a543366499968,
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
