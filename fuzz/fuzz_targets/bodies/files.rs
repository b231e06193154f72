//! The bodies of the fuzz targets for the files a client sends (issue 16, "Fuzz what the
//! network can send"): army files, AI specs, game records and embedded scenarios. Each reads
//! any bytes, never panics, and keeps to its [`Budget`]: memory and work linear in the
//! input (`fuzz/README.md`). `crates/dust-server/tests/fuzz_budget.rs` runs them over the
//! corpus in `fuzz/seeds/`.

use crate::budget::{check_size, measure, Budget, Cost};
use dust_core::{Edition, UnitCard};
use dust_data::card::CardFile;
use std::sync::OnceLock;

/// The shipped card files of each edition, read once (outside any input's budget).
fn card_files(edition: Edition) -> &'static [CardFile] {
    static R: OnceLock<Vec<CardFile>> = OnceLock::new();
    static B: OnceLock<Vec<CardFile>> = OnceLock::new();
    let cell = if edition == Edition::Battlefront { &B } else { &R };
    cell.get_or_init(|| dust_data::builtin::builtin_card_files_for(edition))
}

/// The shipped revised cards, read once.
fn cards() -> &'static [UnitCard] {
    static C: OnceLock<Vec<UnitCard>> = OnceLock::new();
    C.get_or_init(dust_data::builtin::builtin_cards)
}

/// The most decisions of a record the `record` target replays.
pub const RECORD_STEP_CAP: usize = 2_000;

/// `army_file`: an army file allocates at most 1 MiB + 512 × n (an unknown unit name, 20
/// bytes, is compared with every card's name for the did-you-mean hint) and holds 1 MiB +
/// 512 × n (the TOML document: dotted keys make a table per part, 249 lines of 8-part keys,
/// 11 KB, held 2.7 MB; 385 units of unknown names, 27 KB, held 2 MB).
pub const ARMY_BUDGET: Budget = Budget {
    allocated: (1 << 20, 512),
    peak: (1 << 20, 512),
    millis: (500, 2),
};

/// `army_file`: any bytes as an army file (`dust_data::army::parse_army`), checked against
/// the shipped cards of its edition (`check_army_cards`). At most one unit per 8 bytes.
pub fn army_file(data: &[u8]) -> Cost {
    let Ok(text) = std::str::from_utf8(data) else {
        return Cost::default();
    };
    let files = card_files(Edition::Battlefront);
    let files_revised = card_files(Edition::Revised);
    let (_, cost) = measure(|| {
        if let Ok(army) = dust_data::army::parse_army(text, "fuzz.toml") {
            check_size("army_file", "units", text.len(), army.units.len(), 0, 1);
            let files = if army.edition == Edition::Battlefront {
                files
            } else {
                files_revised
            };
            let problems = dust_data::army::check_army_cards(&army, files);
            check_size("army_file", "problems", text.len(), problems.len(), 16, 1);
        }
    });
    ARMY_BUDGET.check("army_file", data.len(), cost);
    cost
}

/// `ai_spec`: an AI spec allocates at most 4 KiB + 16 × n.
pub const AI_SPEC_BUDGET: Budget = Budget {
    allocated: (4 << 10, 16),
    peak: (4 << 10, 16),
    millis: (200, 1),
};

/// `ai_spec`: any text as an AI spec (`dust_ai::PlayerSpec`'s `FromStr`, then the server's
/// ceiling, `AiLimits::check`); a spec that reads reads back from its own text.
pub fn ai_spec(data: &[u8]) -> Cost {
    let Ok(text) = std::str::from_utf8(data) else {
        return Cost::default();
    };
    let limits = dust_server::hub::AiLimits::default();
    let (_, cost) = measure(|| {
        if let Ok(p) = text.parse::<dust_ai::PlayerSpec>() {
            let again = p.to_string().parse::<dust_ai::PlayerSpec>();
            assert_eq!(again.as_ref().map(ToString::to_string), Ok(p.to_string()), "`{text}`");
        }
        let _ = limits.check(text);
    });
    AI_SPEC_BUDGET.check("ai_spec", data.len(), cost);
    cost
}

/// `record`: a record allocates at most 64 MiB + 4 KiB × n (a decision of a few bytes
/// replays a whole engine step) and holds 16 MiB + 1 KiB × n.
pub const RECORD_BUDGET: Budget = Budget {
    allocated: (64 << 20, 4 << 10),
    peak: (16 << 20, 1 << 10),
    millis: (1_000, 20),
};

/// `record`: any bytes as a game record (`dust_data::record::Record::parse`), replayed
/// (`dust_data::record::replay`) with at most [`RECORD_STEP_CAP`] of its decisions. At most
/// one decision per 2 bytes, and at most 64 events per decision replayed (+ 4,096 for the
/// scenario's start).
pub fn record(data: &[u8]) -> Cost {
    let Ok(text) = std::str::from_utf8(data) else {
        return Cost::default();
    };
    let cards = cards();
    let (_, cost) = measure(|| {
        let Ok(mut rec) = dust_data::record::Record::parse(text, "fuzz.toml") else {
            return;
        };
        check_size("record", "decisions", text.len(), rec.decisions.len(), 0, 1);
        rec.decisions.truncate(RECORD_STEP_CAP);
        rec.final_hash = None;
        let steps = rec.decisions.len();
        if let Ok(game) = dust_data::record::replay(&rec, cards) {
            check_size("record", "events", steps, game.events().len(), 4_096, 64);
            check_size("record", "units", text.len(), game.units().len(), 256, 1);
        }
    });
    RECORD_BUDGET.check("record", data.len(), cost);
    cost
}

/// `scenario`: a scenario allocates at most 16 MiB + 2 KiB × n and holds 4 MiB + 512 × n.
pub const SCENARIO_BUDGET: Budget = Budget {
    allocated: (16 << 20, 2 << 10),
    peak: (4 << 20, 512),
    millis: (500, 10),
};

/// `scenario`: any bytes as an embedded scenario (`dust_data::scenario::parse_scenario`),
/// its game built (`Scenario::game_setup`, as `/api/replay` does) and started. Units at most
/// one per 4 bytes; entry spaces at most the board's.
pub fn scenario(data: &[u8]) -> Cost {
    let Ok(text) = std::str::from_utf8(data) else {
        return Cost::default();
    };
    let cards = cards();
    let (_, cost) = measure(|| {
        let Ok(s) = dust_data::scenario::parse_scenario(text, "fuzz.toml") else {
            return;
        };
        let Ok(setup) = s.game_setup(cards) else { return };
        let area = usize::from(setup.board.width()) * usize::from(setup.board.height());
        check_size("scenario", "units", text.len(), setup.units.len(), 0, 1);
        for side in dust_core::Side::ALL {
            check_size("scenario", "entry spaces", 0, setup.entry[side].len(), area, 0);
        }
        if let Ok(g) = dust_core::game::Game::new(setup) {
            check_size("scenario", "events", text.len(), g.events().len(), 4_096, 4);
        }
    });
    SCENARIO_BUDGET.check("scenario", data.len(), cost);
    cost
}
