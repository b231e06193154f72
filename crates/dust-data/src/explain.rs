//! The rules behind the log, explained in the project's own words (issue 20, "Rules
//! explained, not only cited"): each event of the log cites a seed file and section
//! (`tactics-revised-core-rules.md, Reactive Fire`); [`explain`] gives that rule in a few plain
//! sentences and the project's rulings (docs/rulings.md) whose source is that section. The
//! citation stays with the words, so a player can read the book's text.
//!
//! The words are a summary written for this project, not the book's text; where a ruling
//! settles the book's ambiguity it is shown beside them.

/// A rule explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The citation explained (`file, section`).
    pub citation: String,
    /// The rule in the project's own words.
    pub words: &'static str,
    /// The rulings (docs/rulings.md) whose source names this section.
    pub rulings: Vec<Ruling>,
}

/// A ruling of docs/rulings.md.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Its heading.
    pub title: String,
    /// Its answer.
    pub answer: String,
}

static RULINGS_MD: &str = include_str!("../../../docs/rulings.md");

/// The sections explained: (seed file, section, words). Sections are matched without regard
/// to case.
const WORDS: &[(&str, &str, &str)] = &[
    (
        "tactics-revised-core-rules.md",
        "Game Procedure",
        "A game is played in rounds. Each round starts with an initiative roll; then the sides take turns activating one unit each until every unit has been activated. Then the round ends, every unit is refreshed, and the next round begins.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Initiative Roll",
        "At the start of each round both sides roll three dice; the side with more hits wins the initiative (a tie is rolled again) and chooses which side activates a unit first.",
    ),
    (
        "tactics-revised-core-rules.md",
        "List of Actions",
        "An activated unit declares its plan first, then takes up to two actions: Move, Attack, Skill or Nothing, or a Sustained Attack that uses both. Attack + Attack is the one pair not allowed. Once its actions are done the unit is activated for the rest of the round.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Unit Entry",
        "In the first round every unit enters the board: its first action is a move of one space onto an entry space of its side. After that it acts as usual.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Movement Rules",
        "A Move spends the unit's movement points, one per space. The first diagonal step of an activation costs one point, every further diagonal two. A unit may stop early; it cannot enter a space without a dot.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Spaces with Cover Elements",
        "Any unit may enter a space with an ammo crate, and a vehicle that does may crush it. Squads and heroes may enter a space with an anti-tank trap; vehicles may not.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Reactive Fire",
        "When an enemy unit moves within line of sight and range of one of your units that has not been activated this round, you may try reactive fire: roll one die. A hit lets your unit attack the moving unit at once with every weapon line in range; a miss does nothing. Either way your unit is now activated for the round.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Performing Attacks",
        "An attack goes in order: check range, check line of sight, declare each weapon line's target, roll the dice, let the target roll its cover save, then apply the damage. A squad rolls a line's dice once for every living miniature carrying that weapon.",
    ),
    (
        "tactics-revised-core-rules.md",
        "4) Roll Dice",
        "Roll the dice the weapon line gives against the target's armour; each hit deals the damage after the slash (4/1: four dice, one damage a hit).",
    ),
    (
        "tactics-revised-core-rules.md",
        "5) Check Cover Saves",
        "A squad in cover rolls one die per hit it took; each die showing the save printed on its card (soft or hard cover) cancels a hit. Close combat and heroes alone get no cover save.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Cover Saves",
        "A squad in cover rolls one die per hit it took; each die showing the save printed on its card (soft or hard cover) cancels a hit. Ammo crates, rubble and corner cover are soft cover, anti-tank traps hard cover. Close combat and heroes alone get no cover save.",
    ),
    (
        "tactics-revised-core-rules.md",
        "6) Suffer Damage",
        "Each damage point takes one health from a hero or vehicle, or one miniature from a squad (its owner chooses which). A squad with fewer miniatures rolls fewer dice; a unit with no health left is destroyed and leaves the board.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Attacking Cover Elements",
        "A cover element can be attacked like a unit: an ammo crate has armour 3 and two health, an anti-tank trap armour 5 and four health. Destroyed, it gives no more cover.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Calculating Victory Points",
        "Each side scores the AP value of every enemy unit it destroyed, plus the scenario's bonus points (objectives held). The side with more victory points wins.",
    ),
    (
        "tactics-revised-core-rules.md",
        "End of the Game",
        "The game ends at the end of a round: when one side has no unit left, a side fulfils the scenario's objective, or the round limit is reached (then victory points decide).",
    ),
    (
        "tactics-revised-core-rules.md",
        "Sustained Attack",
        "A Sustained Attack uses both actions: the unit attacks once, and may roll its misses again once for each weapon line.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Line of Sight",
        "Trace a line from the dot of the attacker's space to the dot of the target's: a space without a dot on the line blocks it; only touching the corner of such a space does not block, but may give the target corner cover.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Heroes",
        "A hero is a unit of its own, but may join a squad of its armour class before the game: they enter, activate and fire together, share the squad's cover, and each damage point is taken from a miniature or from the hero, as the owner chooses. A hero may share a space with friendly units.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Self-Repair",
        "At the end of each round a vehicle with Self-Repair rolls one die for each health point it has lost; each hit gives one back, never above its starting health. A destroyed vehicle does not repair.",
    ),
    (
        "tactics-revised-core-rules.md",
        "[Weapon Name]: Reload (Skill)",
        "A weapon marked Reload starts the game loaded; once fired, it fires again only after the unit spends a SKILL action reloading it.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Reloadable Weapons",
        "A weapon marked Reload starts the game loaded; once fired, it fires again only after the unit spends a SKILL action reloading it.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Command Squad Abilities",
        "A Command Squad is an officer, a radioman, a mechanic, a medic and a weapon specialist; each specialist gives the squad an ability, lost when that miniature is eliminated.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Berserk",
        "Once per game a unit with Berserk may roll its misses again, once for each weapon line (after the rerolls of a sustained attack). A hero with Berserk shares it with the squad he joins.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Laser",
        "A laser keeps cutting: each hit deals its damage and that die is rolled again, over and over, until every die shows a miss.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Phaser Blast (X/Y)",
        "A phaser X/Y rolls X dice to aim; each hit lets it roll Y damage dice, and each hit of those deals one damage. Phasers ignore cover; a sustained attack rerolls only the aiming dice.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Damage Resilient",
        "After any cover save, a Damage Resilient unit rolls one die for each damage point it took; each hit cancels one point.",
    ),
    (
        "tactics-revised-core-rules.md",
        "Medal of Honor",
        "Once per round a hero with the Medal of Honor may roll one of his combat dice again and keep the new result. He does not share it with a squad he joins.",
    ),
    (
        "tactics-battlefront-2013-rules.txt",
        "Roll for Initiative",
        "At the start of each turn both sides roll three dice; the side with more hit symbols wins the initiative and chooses who goes first. A tie is broken by the other symbols rolled, and if still tied both sides roll again.",
    ),
    (
        "tactics-battlefront-2013-rules.txt",
        "Infantry Saves",
        "Infantry are good at finding cover even in the open: an infantry unit that gets no cover save still rolls one die for each hit it took, and each save symbol cancels a hit. Close-combat hits get no save.",
    ),
    (
        "tactics-battlefront-2013-rules.txt",
        "Reactive Attacks",
        "After the enemy unit's first action, one of your units that has not activated and is within range 4 of it may try a reactive attack: two dice decide whether it may attack (or move only to turn, then attack) at once, attack only, or do nothing; either way it has then activated. It targets only the activated enemy unit and never with close-combat weapons.",
    ),
    (
        "tactics-battlefront-2013-rules.txt",
        "Piloting Vehicles",
        "A hero with the Pilot skill may start in, or move into, a vehicle's square to pilot it: then he cannot be targeted and activates with it. If the vehicle is destroyed with him in it, a die decides whether he escapes unharmed or takes a damage point; he is then placed on one of its squares.",
    ),
    (
        "tactics-battlefront-2013-rules.txt",
        "Joining Infantry Squads",
        "A hero in the same square as an infantry squad or support weapon of his armour rating may join it: they activate together, taking the same actions at the lower movement of the two, and are attacked as one unit, the owner sharing out the hits. One hero per unit.",
    ),
    (
        "tactics-battlefront-2013-rules.txt",
        "Ace Pilot",
        "When a vehicle or aircraft piloted by a hero with Ace Pilot activates, the hero rolls a die: on the right symbol it has three actions in this activation instead of two.",
    ),
];

/// The rule `citation` (`file, section`, as the log gives it) in the project's own words,
/// with its rulings; `None` when the project has not explained that section yet.
///
/// ```
/// let e = dust_data::explain::explain("tactics-revised-core-rules.md, Reactive Fire").unwrap();
/// assert!(e.words.contains("one die"));
/// ```
pub fn explain(citation: &str) -> Option<Explanation> {
    let (file, section) = citation.split_once(',')?;
    let (file, section) = (file.trim(), section.trim());
    let words = WORDS
        .iter()
        .find(|(f, s, _)| *f == file && s.eq_ignore_ascii_case(section))
        .map(|(_, _, w)| *w)?;
    Some(Explanation {
        citation: format!("{file}, {section}"),
        words,
        rulings: rulings_of(file, section),
    })
}

/// The rulings whose `**Source:**` names `file` and, quoted, `section`.
pub fn rulings_of(file: &str, section: &str) -> Vec<Ruling> {
    let quoted = format!("\"{}\"", section.to_ascii_lowercase());
    let mut out = Vec::new();
    for block in RULINGS_MD.split("\n## ").skip(1) {
        let title = block.lines().next().unwrap_or_default().trim().to_string();
        let field = |name: &str| -> String {
            let start = format!("- **{name}:**");
            let mut text = String::new();
            let mut on = false;
            for line in block.lines() {
                if line.starts_with(&start) {
                    on = true;
                    text.push_str(line[start.len()..].trim());
                } else if on && line.starts_with("  ") {
                    text.push(' ');
                    text.push_str(line.trim());
                } else if on {
                    break;
                }
            }
            text
        };
        let source = field("Source").to_ascii_lowercase();
        if source.contains(&file.to_ascii_lowercase()) && source.contains(&quoted) {
            out.push(Ruling {
                title,
                answer: field("Answer"),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sections_of_a_first_game_are_explained() {
        for section in [
            "Initiative Roll",
            "List of Actions",
            "Unit Entry",
            "Movement Rules",
            "Reactive Fire",
            "Performing Attacks",
            "4) Roll Dice",
            "5) Check Cover Saves",
            "6) Suffer Damage",
            "Calculating Victory Points",
            "End of the Game",
        ] {
            let c = format!("tactics-revised-core-rules.md, {section}");
            let e = explain(&c).unwrap_or_else(|| panic!("{c} is not explained"));
            assert_eq!(e.citation, c);
            assert!(e.words.len() > 60, "{c}: {}", e.words);
        }
        assert_eq!(explain("tactics-revised-core-rules.md, No Such Section"), None);
        assert_eq!(explain("no comma"), None);
    }

    /// Every rule section a roll or an event of a revised or battlefront game cites (the
    /// interfaces' citations) is explained.
    #[test]
    fn every_cited_roll_is_explained() {
        use dust_core::game::RollPurpose;
        use dust_core::Side;
        for p in [
            RollPurpose::Initiative(Side::A),
            RollPurpose::Attack,
            RollPurpose::Sustained,
            RollPurpose::Berserk,
            RollPurpose::LaserChain,
            RollPurpose::PhaserPower,
            RollPurpose::CoverSave,
            RollPurpose::Resilient,
            RollPurpose::Reactive,
            RollPurpose::SelfRepair,
            RollPurpose::MedalOfHonor,
            RollPurpose::Order,
            RollPurpose::InitiativeTargets(Side::A),
            RollPurpose::InfantrySave,
            RollPurpose::Escape,
            RollPurpose::AcePilot,
        ] {
            assert!(explain(p.rule()).is_some(), "{} ({p:?}) is not explained", p.rule());
        }
    }

    #[test]
    fn a_section_with_rulings_brings_them() {
        // docs/rulings.md, "Range and the first diagonal": Source names "Movement Points" —
        // and "Corner Cover" is the source of two rulings.
        let r = rulings_of("tactics-revised-core-rules.md", "Corner Cover");
        let titles: Vec<&str> = r.iter().map(|x| x.title.as_str()).collect();
        assert!(
            titles.contains(&"Corner cover only at a corner of the target's own space"),
            "{titles:?}"
        );
        assert!(titles.contains(&"Corner cover counts once"), "{titles:?}");
        assert!(r.iter().all(|x| !x.answer.is_empty()));
        assert!(rulings_of("tactics-revised-core-rules.md", "No Such Section").is_empty());
    }
}
