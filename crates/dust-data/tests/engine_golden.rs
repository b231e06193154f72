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
    0x295b474fbc99306d,
    0xfba796a7170eb462,
    0x4da6fce103415616,
    0x4230a12724eff2df,
    0xe1eea2ce18d65e8c,
    0xaa5ec22ca29b0e43,
    0x3b32ecfd9e5d0472,
    0x66dfdb911fb4d5c4,
    0x6c4c280abf74d90d,
    0x49fd3666c3893be2,
    0xa3453bd5a05b558b,
    0x034dc37ee0c3c8b2,
    0xb5ae73a1137b472a,
    0xc538667ff3880f62,
    0x5b2f516dbbf8bf85,
    0xbed572936858a939,
    0x0cb7962ddfda87a1,
    0x6161be5d815ffdd0,
    0x5cedec3ddf4d61fd,
    0xde2929cab6d1b191,
    0xb72ef7e1d26c7dc6,
    0x038cab6f324e8329,
    0x02b26bbc65d15af6,
    0x37b214f37dea9ac1,
    0xfef903d84e5c00b1,
    0xcbf06e2c3986c814,
    0xc59082e3729505bb,
    0xc48d840453dbd350,
    0x0817cf63ab194daf,
    0x02b3be14c934b9b4,
    0xafc7cf48976f9e8f,
    0xe2dc247a183b4e8b,
    0x94be1c78aee77c4f,
    0x0f5b26f6149d9d4e,
    0x7b6105c101b0fbf6,
    0x34a2349244c18493,
    0xad228cc4df69fd2a,
    0x648c80ae700f7213,
    0x306f71c97fd05d2f,
    0x8d90e8949e955750,
    0x690c7f4cbaf40b5e,
    0x76236792acc094e4,
    0x9b4bc0bd63554360,
    0xde9dd1d0dfe9edb0,
    0xcf653ad3f916440d,
    0x7a9189167280ca08,
    0x96792e3dea296816,
    0x5012e45f6ee5276a,
    0x582dc3ff9958ec09,
    0x6ea62ee377425797,
    0xb7a7690291cddf27,
    0x35920146d35e5bba,
    0x0266620a52732dcc,
    0xc169662ed2f4006f,
    0x1eab2124634fab84,
    0x35f7069c31d460fe,
    0xc11f91b332e73742,
    0x7acb3c6d7fdb79fb,
    0x49fef0c5cebd361a,
    0xd4b1a8d779dfa34c,
    0x8cbe19919491535a,
    0x519d9d6c30b27b96,
    0x01f3f5b9274e7ba1,
    0x60517e516afe2cef,
    0x242ef0cf07bf72ec,
    0x75a129b10fdf8c24,
    0xb2681cafa8ed42ba,
    0x90bd66461652ad3d,
    0x246e97b0e8492e09,
    0x9c9c4df271c02aa1,
    0x3c046f18b2b00164,
    0x25a813711fe56d35,
    0x23ccd8a5f081ea06,
    0x4209715ef3e598e8,
    0x26cc454f4377d77e,
    0xa18de519b0231189,
    0x866ae586298a84a1,
    0x9654347d146e429d,
    0xede46d4f56db18ca,
    0x4d3c3b533b6e34d8,
    0xebfbd50f5a331687,
    0x4bd9e2e623dc3d9c,
    0x1942a36496ab83c3,
    0x60d162f2cab23d22,
    0x805b2bf9c4e603fa,
    0x2d9c1e6a47790829,
    0x6d4f1a7acf2b3ad9,
    0x887589cc761f4397,
    0x1d9a3e4c37dba92a,
    0x8542c451221a192f,
    0x84f56ce33aeec038,
    0x1eeb823788f1fde8,
    0xaf67c50dbafb26b2,
    0x41add644f021064a,
    0x841e522f18b7ce6e,
    0xc160faaf3f6b6994,
    0x96c167e1947e059b,
    0x5042288cc69898c7,
    0x067bb9d88bb09bf7,
    0xea479afa10cc0abd,
    0x10286e87607a2cf5,
    0x9a6968d8c7fb4931,
    0x77f2df44f124fea6,
    0x985382d20056f090,
    0x9e918f092c9606df,
    0x0dbd0bd055c0854a,
    0xbc0a45af49d12309,
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
    0x1b888a009dd2a3d9,
    0x1177508227aaf108,
    0x13b76c0b19096ebe,
    0xb3398512c7f5fb8a,
    0x81706453283589d1,
    0xb7fb418888fcdcfb,
    0x9eb57ffc6286622c,
    0xd8799bd3e810b85f,
    0x53684f8b04279424,
    0xf7b1bc46e069e42c,
    0x914becd4368038df,
    0x4a60d2482d041599,
    0xa2b8f91388018511,
    0x2b8292c6c0a8441c,
    0x910428525fed63eb,
    0xae9e3cc425fe120f,
    0xd1d09d5bc92ea58c,
    0xbaa5cca0aebe44ac,
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
    0x5daa12e72f154b8e,
    0x79a7e30ac92fabea,
    0x30924ff1e800bfe8,
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
