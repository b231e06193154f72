//! Skills, special weapons and weapon mounts on the table (tactics-battlefield-summary.md,
//! "SKILLS AND EQUIPMENT", "SPECIAL WEAPONS", "1. Check Field of Fire", "4. Declare Targets").
//!
//! What the battlefront book words alike lives in [`crate::rules_shared`] and both engines call
//! it: which cards are Fast and which units jump ([`rules_shared::is_fast`],
//! [`rules_shared::jumps`]), the chain of laser weapons and Berserk ([`rules_shared::chain`]),
//! one mode of a two-mode weapon an attack ([`rules_shared::mode_taken`]). This module answers
//! the table's side of them: how far Fast moves, a jump's move check, which lines chain, the
//! ammunition boxes, and the arcs of rear and side mounts.
//!
//! | skill or weapon | where it acts |
//! | --- | --- |
//! | Fast, Agile | [`FieldGame::move_allowance`] (the move check) |
//! | Jump | [`FieldGame::jumping`], [`check_jump`] (the move check) |
//! | laser weapons, Berserk | [`FieldGame::chains`] (the hit roll and the odds) |
//! | limited ammo | [`FieldGame::ammo_refusal`], [`FieldGame::ammo_firers`], [`FieldGame::mark_ammo`] |
//! | two modes | [`FieldGame::mode_refusal`] (the attack's plan) |
//! | rear and side mounts | [`in_arc`] (the field of fire) |

use super::attack::Group;
use super::decision::Action;
use super::{Class, FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::range::WeaponRange;
use crate::rules_shared;
use crate::unit::{BattlefrontSkill, Mount, Skill};
use dust_geom::angle::Facing;
use dust_geom::exact::{Coord, Pt};
use dust_geom::measure::RANGE_UNIT;
use dust_geom::table::Table;

/// Whether the direction `v` (from the firing miniature to the target's centre) is in the field
/// of fire of a weapon mounted `mount` on a unit of `class` facing `facing` ("1. Check Field of
/// Fire"): infantry and heroes any direction; support weapons (without a mount) and
/// front-mounted weapons 45° either side of the facing; rear-mounted 45° either side of the
/// rear; side-mounted "in the 180° to the side of the vehicle (excluding the area directly
/// ahead of or behind it)": the open half of the table on the weapon's side of the line
/// through the facing (docs/rulings.md, "Battlefield: rear and side mounts"); turret, hatch and
/// pedestal mounts, and vehicle weapons whose card names no mount, any direction.
pub(crate) fn in_arc(class: Class, mount: Option<Mount>, facing: Facing, v: Pt) -> bool {
    match mount {
        Some(Mount::Front) => facing.within(v, 45),
        Some(Mount::Rear) => Facing::deg(i64::from(facing.degrees()) + 180).within(v, 45),
        Some(Mount::Left) => side_of(facing, v) > 0,
        Some(Mount::Right) => side_of(facing, v) < 0,
        Some(Mount::Turret | Mount::Hatch | Mount::Pedestal) => true,
        None => class != Class::SupportWeapon || facing.within(v, 45),
    }
}

/// The sign of the cross product of the facing's direction and `v`: positive on its left,
/// negative on its right, 0 dead ahead or behind (integers: the facing's 2³⁰ sine table).
fn side_of(facing: Facing, v: Pt) -> i128 {
    let (s, c) = (i128::from(facing.sin_q30()), i128::from(facing.cos_q30()));
    s * i128::from(v.y) - c * i128::from(v.x)
}

/// A jump's move check: "During movement, this unit can move over any terrain as if it were
/// open terrain, provided that it ends its move in terrain that it could normally enter"
/// (tactics-battlefield-summary.md, "JUMP"). The path is checked on the table without its
/// terrain (length, other miniatures), then the end on the whole table (walls, impassable
/// ground, bases); the jump crosses no terrain, so it neither caps the move nor halts at wire
/// (docs/rulings.md, "Battlefield: Jump").
pub(crate) fn check_jump(
    t: &mut Table,
    unit: usize,
    mini: usize,
    path: &[Pt],
    allowance: Coord,
    facing: Option<Facing>,
) -> Result<dust_geom::path::Checked, dust_geom::path::Refusal> {
    let terrain = std::mem::take(&mut t.terrain);
    let over = dust_geom::path::check_move_facing(t, unit, mini, path, allowance, false, facing);
    t.terrain = terrain;
    let checked = over?;
    let end = path.last().copied().unwrap_or_else(|| t.units[unit].minis[mini].body.centre());
    dust_geom::path::check_end(t, unit, mini, end, facing)?;
    Ok(checked)
}

impl FieldGame {
    /// The distance unit `u` may move on a MOVE (or, `march`, a MARCH MOVE) action, in table
    /// units: its Move rating (the lower of a joined pair's), doubled on a March Move, and 10 cm
    /// more when it is Fast ("FAST": "may move 1 additional square when it performs a MOVE or
    /// MARCH MOVE action"; a square is a point of Move, docs/rulings.md, "Battlefield: Fast on
    /// the table"). A joined pair is Fast when either is ("skills used by a hero apply to a unit
    /// they have joined, and skills used by a unit apply to a hero that has joined them").
    pub fn move_allowance(&self, u: usize, march: bool) -> i64 {
        let fast =
            rules_shared::is_fast(&self.cards[u].card) || self.joined_hero(u).is_some_and(|h| rules_shared::is_fast(&self.cards[h].card));
        let base = if self.led(u) {
            // "BLUTKREUZ": "increase their move to 3, their march move to 4".
            RANGE_UNIT * if march { 4 } else { 3 }
        } else {
            self.move_units(u) * if march { 2 } else { 1 }
        };
        base + if fast { RANGE_UNIT } else { 0 }
    }

    /// Whether unit `u`, activating, is a Mindless Zombie unit led by Blutkreuz.
    fn led(&self, u: usize) -> bool {
        self.act.as_ref().is_some_and(|a| a.unit == u && a.led)
    }

    /// "BLUTKREUZ": "All Mindless Zombie units within range 1 (10cm/4") at the start of their
    /// activation": whether unit `u` is one, a friendly hero with Blutkreuz on the table within
    /// 10 cm of one of its miniatures.
    pub(crate) fn blutkreuz_near(&self, u: usize) -> bool {
        if !self.cards[u].bf.has(BattlefrontSkill::MindlessZombie) {
            return false;
        }
        let side = self.units[u].side;
        (0..self.units.len()).any(|h| {
            h != u
                && self.units[h].side == side
                && !self.units[h].destroyed
                && self.cards[h].bf.has(BattlefrontSkill::Blutkreuz)
                && self.table.units[h].minis.iter().any(|a| {
                    self.table.units[u]
                        .minis
                        .iter()
                        .any(|b| dust_geom::measure::body_gap(&a.body, &b.body).within(RANGE_UNIT))
                })
        })
    }

    /// "MINDLESS ZOMBIE": "They cannot take objectives."
    pub(crate) fn takes_objectives(&self, u: usize) -> bool {
        !self.cards[u].bf.has(BattlefrontSkill::MindlessZombie)
    }

    /// "STRONGPOINT": "A Strongpoint unit must be deployed in a strongpoint or bunker": the first
    /// unit on the table with the skill that stands outside every one.
    pub(crate) fn strongpoint_refusal(&self) -> Option<super::SetupError> {
        (0..self.units.len())
            .find(|&u| {
                self.cards[u].bf.has(BattlefrontSkill::Strongpoint) && !self.units[u].in_reserve && self.fortification_piece(u).is_none()
            })
            .map(|u| super::SetupError::OutsideFortification(self.table.units[u].name.clone()))
    }

    /// Whether unit `u` (with the hero joined to it for the activation) jumps
    /// ([`rules_shared::jumps`]).
    pub fn jumping(&self, u: usize) -> bool {
        let hero = self.joined_hero(u);
        // "FLYING": "If a hero has joined a unit, both must have Flying for either to use it".
        let flies = |x: usize| self.cards[x].bf.has(BattlefrontSkill::Flying);
        rules_shared::jumps(&self.cards[u].card, hero.map(|h| &self.cards[h].card)) || (flies(u) && hero.is_none_or(flies))
    }

    /// Whether the hits of line `li` of unit `u` roll on in a chain ([`rules_shared::chain`]):
    /// a laser weapon ("LASER WEAPONS"), or a C weapon of a hero with Berserk ("BERSERK": "When
    /// this hero scores a hit with a C weapon … Heroes with this skill do not share it with any
    /// unit they join": only the hero's own lines).
    pub(crate) fn chains(&self, u: usize, li: usize) -> bool {
        let card = &self.cards[u].card;
        let Some(w) = card.weapons.get(li) else { return false };
        let bf = &self.cards[u].bf;
        let hero = self.class(u) == Class::Hero;
        let close = w.range == WeaponRange::Close;
        w.keywords.laser
            || bf.weapons.get(li).is_some_and(|b| b.cutting)
            || (hero && close && card.has(Skill::Berserk))
            || (hero && !close && bf.has(BattlefrontSkill::KillingSpree))
    }

    /// The boxes of line `li` of unit `u` left unmarked, if the line has limited ammo.
    pub fn ammo_left(&self, u: usize, li: usize) -> Option<u8> {
        self.units[u].ammo.get(li).copied().flatten()
    }

    /// Why line `li` of unit `u` cannot attack: "Once all of the boxes have been marked, the
    /// weapon can make no further attacks" ("LIMITED AMMO WEAPONS").
    pub(crate) fn ammo_refusal(&self, u: usize, li: usize) -> Option<Refusal> {
        (self.ammo_left(u, li) == Some(0)).then(|| {
            let w = &self.cards[u].card.weapons[li];
            Refusal::new(format!(
                "all {} boxes of {} are marked: the weapon can make no further attacks (LIMITED AMMO WEAPONS)",
                w.ammo.unwrap_or(0),
                w.name
            ))
        })
    }

    /// How many soldiers of a squad may fire line `li`: "Mark one of these each time a soldier
    /// … makes an ATTACK or SUSTAINED ATTACK action with the weapon", one box a soldier, so no
    /// more soldiers than boxes left (docs/rulings.md, "Battlefield: limited ammo"). `None`: no
    /// limit (no boxes, or not a squad: a vehicle, aircraft, hero or support weapon marks one
    /// box an attack).
    pub(crate) fn ammo_firers(&self, u: usize, li: usize) -> Option<usize> {
        if self.class(u) != Class::Squad {
            return None;
        }
        // A volley is one launcher: one soldier fires it, its rockets counted by the aims.
        let cap = if self.is_volley(u, li) { 1 } else { usize::MAX };
        self.ammo_left(u, li).map(|n| usize::from(n).min(cap))
    }

    /// Marks the boxes of an attack of unit `u` that rolls `groups` (its own lines): one a
    /// firing soldier of a squad, one an attack for any other unit.
    pub(crate) fn mark_ammo(&mut self, u: usize, groups: &[Group]) {
        let squad = self.class(u) == Class::Squad;
        let mut lines: Vec<u8> = groups.iter().map(|g| g.line).collect();
        lines.sort_unstable();
        lines.dedup();
        for line in lines {
            let li = usize::from(line);
            let Some(left) = self.ammo_left(u, li) else { continue };
            let spent = if squad {
                let mut firers: Vec<usize> = groups
                    .iter()
                    .filter(|g| g.line == line)
                    .flat_map(|g| g.firers.iter().copied())
                    .collect();
                firers.sort_unstable();
                firers.dedup();
                firers.len()
            } else {
                1
            };
            self.units[u].ammo[li] = Some(left.saturating_sub(spent.min(255) as u8));
        }
    }

    /// Whether unit `u` (with the hero joining it, `hero`) gains a third action as it activates:
    /// "INFANTRY ACE": "Roll a die when this hero activates. On ☒ or ☑ the hero (and any unit
    /// it has joined or hero that has joined it) gains a third action for this activation" (the
    /// army symbol or the shield: docs/rulings.md, "Battlefield: Infantry Ace"). One die, even
    /// when both have the skill ("they do not gain the skill twice"). A vehicle or aircraft
    /// piloted by an ace rolls the same die ([`FieldGame::ace_piloted`]).
    pub(crate) fn third_action(&mut self, u: usize, hero: Option<usize>) -> bool {
        let ace = |x: usize| self.class(x) == Class::Hero && self.cards[x].bf.has(crate::unit::BattlefrontSkill::InfantryAce);
        if !(ace(u) || hero.is_some_and(ace) || self.ace_piloted(u)) {
            return false;
        }
        self.one_die(crate::dice::Symbols::ARMY_OR_SHIELD, Purpose::Ace)
    }

    /// Whether unit `u` or the hero joined to it for the activation has the skill of `f`: "This
    /// unit (and any unit it has joined or hero that has joined it)".
    fn has_free(&self, u: usize, f: Free) -> bool {
        if f == Free::Naval {
            // Equipment of the naval unit itself (no hero joins a vehicle).
            return self.naval(u);
        }
        let has = |x: usize| {
            let c = &self.cards[x];
            match f {
                Free::Charge => c.card.has(Skill::Charge),
                Free::AtTheDouble => c.bf.has(crate::unit::BattlefrontSkill::AtTheDouble),
                Free::MoveAndFire => c.bf.has(crate::unit::BattlefrontSkill::MoveAndFire),
                Free::Naval => false,
            }
        };
        // "BLUTKREUZ": the zombies it leads "gain the Charge skill".
        has(u) || self.joined_hero(u).is_some_and(has) || (f == Free::Charge && self.led(u))
    }

    /// The skill that makes step `i` of plan `p` of unit `u` free, if any.
    fn free_of(&self, u: usize, p: &[Action], i: usize) -> Option<Free> {
        let before = *p.get(i.checked_sub(1)?)?;
        let after = *p.get(i)?;
        Free::ALL.into_iter().find(|&f| f.fits(before, after) && self.has_free(u, f))
    }

    /// The step of plan `p` a skill of unit `u` makes free, when the plan needs it: its actions
    /// are one more than the unit performs (a free action is still an action: "a unit can never
    /// perform more than 3 actions during an activation", checked with the plan). The first
    /// step that fits a skill of the unit or its joined hero.
    pub(crate) fn free_step(&self, u: usize, p: &[Action], actions: u8) -> Option<usize> {
        let total: u8 = p.iter().map(|a| a.cost()).sum();
        if total != actions + 1 {
            return None;
        }
        (1..p.len()).find(|&i| self.free_of(u, p, i).is_some())
    }

    /// Whether the acting unit's current step is a free action that lapses: Move and Fire's
    /// MOVE after an ATTACK that fired no ranged weapon ("after performing an ATTACK or
    /// SUSTAINED ATTACK action using ranged weapons").
    pub(crate) fn free_lapses(&self) -> bool {
        let Some(a) = self.act.as_ref().filter(|_| self.reaction.is_none()) else {
            return false;
        };
        a.free == Some(a.next) && self.free_of(a.unit, &a.plan, a.next) == Some(Free::MoveAndFire) && !a.fired_ranged
    }

    /// Whether unit `u` (the acting unit or its joined hero) is making the free ATTACK of a
    /// Charge, with C weapons only.
    pub(crate) fn charging(&self, u: usize) -> bool {
        let Some(a) = self.act.as_ref().filter(|_| self.reaction.is_none()) else {
            return false;
        };
        (a.unit == u || a.hero == Some(u)) && a.free == Some(a.next) && self.free_of(a.unit, &a.plan, a.next) == Some(Free::Charge)
    }

    /// Whether `aims` of unit `u` (its joined hero's lines numbered after its own) fire a ranged
    /// weapon.
    pub(crate) fn fires_ranged(&self, u: usize, aims: &[super::decision::Aim]) -> bool {
        let (own, hero) = self.split_joint(u, aims);
        own.iter().any(|a| !self.is_close_line(u, a.line)) || hero.is_some_and(|(h, v)| v.iter().any(|a| !self.is_close_line(h, a.line)))
    }

    /// The faces that hit for line `li` of unit `u`: the army symbol, and the target as well in
    /// a SUSTAINED ATTACK with power scopes ("POWER SCOPES") or by a hero with Take Aim firing a
    /// ranged weapon ("TAKE AIM": "Heroes with this skill do not share it"), or in any attack
    /// of a unit with Fighting Spirit declared ([`FieldGame::fighting_spirit_now`]) or of a hero
    /// with the weapon his Expert skill names ([`FieldGame::expert_line`]).
    pub(crate) fn hit_faces(&self, u: usize, li: usize, sustained: bool) -> Symbols {
        let c = &self.cards[u];
        let ranged = c.card.weapons.get(li).is_some_and(|w| w.range != WeaponRange::Close);
        let scopes = c.bf.weapons.get(li).is_some_and(|b| b.power_scopes);
        let aim = self.class(u) == Class::Hero && ranged && c.bf.has(BattlefrontSkill::TakeAim);
        if (sustained && (scopes || aim)) || self.fighting_spirit_now(u) || self.expert_line(u, li) {
            Symbols::ARMY_OR_TARGET
        } else {
            Symbols::ARMY
        }
    }

    /// Whether unit `t` has no cover save: "STEEL GUARD", "ZOMBIE": "This unit never has a cover
    /// save".
    pub(crate) fn never_cover_save(&self, t: usize) -> bool {
        let bf = &self.cards[t].bf;
        bf.has(BattlefrontSkill::SteelGuard) || bf.has(BattlefrontSkill::Zombie)
    }

    /// The faces of unit `t`'s save `s`: Steel Guard and Zombies "always passes its infantry
    /// save on ☑ as well as ☒" (the shield as well: docs/rulings.md, "Battlefield: Steel Guard
    /// and Zombie saves").
    pub(crate) fn save_faces(&self, t: usize, s: Symbols) -> Symbols {
        if self.never_cover_save(t) && self.class(t).infantry() && s == Symbols::ARMY {
            Symbols::ARMY_OR_SHIELD
        } else {
            s
        }
    }

    /// Whether unit `t` rolls Damage Resilient against a hit of a group with `cover`: the skill,
    /// or "DEFENSIVE TACTICS": "gains Damage Resilient when in cover" (a joined partner's too:
    /// [`FieldGame::tactics_shared`]).
    pub(crate) fn resilient(&self, t: usize, cover: bool) -> bool {
        let c = &self.cards[t];
        c.card.has(Skill::DamageResilient) || (cover && (c.bf.has(BattlefrontSkill::DefensiveTactics) || self.tactics_shared(t)))
    }

    /// Why hero `h` may not join unit `u` by the skills that say who joins whom: "LONER": "This
    /// hero may not join a unit"; "GORILLA", "STEEL GUARD", "ZOMBIE": "Only a Gorilla hero may
    /// join a Gorilla unit. Gorilla heroes cannot join units that are not Gorillas" (and alike).
    pub(crate) fn join_refusal(&self, u: usize, h: usize) -> Option<Refusal> {
        let (unit, hero) = (&self.cards[u].bf, &self.cards[h].bf);
        let hname = &self.table.units[h].name;
        if hero.has(BattlefrontSkill::Loner) {
            return Some(Refusal::new(format!("{hname} is a Loner: \"This hero may not join a unit\"")));
        }
        for (s, word) in [
            (BattlefrontSkill::Gorilla, "Gorilla"),
            (BattlefrontSkill::SteelGuard, "Steel Guard"),
            (BattlefrontSkill::Zombie, "Zombie"),
        ] {
            if unit.has(s) != hero.has(s) {
                return Some(Refusal::new(format!(
                    "only a {word} hero may join a {word} unit, and {word} heroes join only {word} units: {hname} and {} differ",
                    self.table.units[u].name
                )));
            }
        }
        None
    }

    /// The weapons firing each aimed line of a support weapon or of a vehicle with crew, by the
    /// battlefront engine's rules (`None` for other units): a support weapon's soldiers (one a
    /// damage point left) shared out by [`crate::battlefront::weapons::share_out`] ("Support
    /// weapon units use a 2 man team to fire … and have 1 soldier left for each damage point
    /// they have remaining. Only the third or fourth soldiers of the unit can fire other weapons
    /// if the support weapon fires"), the last soldier firing the support weapon alone "in an
    /// emergency"; a vehicle's crew weapons, one a damage point left, by
    /// [`crate::battlefront::weapons::share_crew`] ("it may fire 1 weapon for each damage point
    /// the vehicle has remaining"). Each kind (ranged, C) is shared out on its own.
    pub(crate) fn crew_shares(&self, u: usize, aims: &[super::decision::Aim]) -> Option<Vec<(usize, u32)>> {
        use crate::battlefront::weapons::{is_crew, is_support, share_crew, share_out};
        let c = &self.cards[u];
        let left = self.units[u].health;
        let lines = |close: bool| -> Vec<(usize, u8)> {
            aims.iter()
                .map(|a| usize::from(a.line))
                .filter(|&l| c.card.weapons.get(l).is_some_and(|w| (w.range == WeaponRange::Close) == close))
                .map(|l| (l, 0))
                .collect()
        };
        match self.class(u) {
            Class::SupportWeapon => {
                let all = (1u32 << c.card.weapons.len().min(31)) - 1;
                let soldiers: Vec<u32> = (0..usize::from(left))
                    .map(|i| {
                        c.card
                            .models
                            .get(i.min(c.card.models.len().saturating_sub(1)))
                            .map_or(all, |m| m.weapons)
                    })
                    .collect();
                let mut out = Vec::new();
                for close in [false, true] {
                    let mine = lines(close);
                    let mut shared = share_out(&c.card, Some(&c.bf), &soldiers, &mine);
                    for s in &mut shared {
                        // "(although 1 can do so in an emergency)": the last soldier, firing
                        // nothing else.
                        if s.1 == 0 && left == 1 && mine.len() == 1 && is_support(&c.card, Some(&c.bf), s.0) {
                            s.1 = 1;
                        }
                    }
                    out.extend(shared);
                }
                Some(out)
            }
            Class::Vehicle | Class::Aircraft if (0..c.card.weapons.len()).any(|l| is_crew(&c.card, Some(&c.bf), l)) => {
                let mut out = Vec::new();
                for close in [false, true] {
                    out.extend(share_crew(&c.card, Some(&c.bf), u32::from(left), &lines(close)));
                }
                Some(out)
            }
            _ => None,
        }
    }

    /// The weapons firing line `li` of unit `u` by [`FieldGame::crew_shares`] (1 for the lines
    /// not shared out), or why none does.
    pub(crate) fn crew_weapons(&self, u: usize, li: usize, shares: Option<&[(usize, u32)]>) -> Result<u16, Refusal> {
        let Some(n) = shares.and_then(|s| s.iter().find(|x| x.0 == li)).map(|x| x.1) else {
            return Ok(1);
        };
        if n > 0 {
            return Ok(n.min(u32::from(u16::MAX)) as u16);
        }
        let w = &self.cards[u].card.weapons[li].name;
        Err(Refusal::new(if self.class(u) == Class::SupportWeapon {
            format!(
                "no soldier of {} is left to fire {w}: the support weapon takes a team of 2, and only the third or fourth soldiers fire other weapons",
                self.table.units[u].name
            )
        } else {
            format!(
                "no crew weapon of {} is left to fire {w}: the crew fire 1 weapon a damage point left",
                self.table.units[u].name
            )
        }))
    }

    /// Why line `li` of a vehicle with crew may not be aimed after the lines `before`: "it may
    /// choose to attack with the vehicle weapons or the crew's weapons" ("4. Declare Targets").
    pub(crate) fn crew_refusal(&self, u: usize, li: usize, before: &[u8]) -> Option<Refusal> {
        use crate::battlefront::weapons::is_crew;
        let c = &self.cards[u];
        if !matches!(self.class(u), Class::Vehicle | Class::Aircraft) {
            return None;
        }
        let crew = |l: usize| is_crew(&c.card, Some(&c.bf), l);
        before.iter().any(|&b| crew(usize::from(b)) != crew(li)).then(|| {
            Refusal::new(format!(
                "{} attacks with the vehicle's weapons or the crew's weapons, not both: {} is {}",
                self.table.units[u].name,
                c.card.weapons[li].name,
                if crew(li) { "a crew weapon" } else { "a vehicle weapon" }
            ))
        })
    }

    /// Rolls one die for `purpose` (logged): whether it shows one of `faces`.
    fn one_die(&mut self, faces: crate::dice::Symbols, purpose: Purpose) -> bool {
        let k = self.dice.roll(1, faces).sample(&mut self.rng);
        self.log(super::Event::Rolled {
            purpose,
            dice: 1,
            successes: k,
        });
        k == 1
    }

    /// The stun a hit of line `li` of unit `u` gives, if any.
    pub(crate) fn stun_of(&self, u: usize, li: usize) -> Option<Stun> {
        let b = self.cards[u].bf.weapons.get(li)?;
        if b.grapple {
            Some(Stun::Grapple(u))
        } else {
            b.tesla.then_some(Stun::Tesla)
        }
    }

    /// Places a Stunned token on unit `t` ("A unit with a Stunned token cannot fight, including
    /// fighting back if attacked in close combat"). A hit that scores stuns, saved or not
    /// (docs/rulings.md, "Battlefield: Stunned tokens").
    pub(crate) fn stun(&mut self, t: usize, s: Stun) {
        if self.units[t].destroyed {
            return;
        }
        if let Stun::Grapple(by) = s {
            self.units[t].grappled_by = Some(by);
        }
        if !self.units[t].stunned {
            self.units[t].stunned = true;
            self.log(super::Event::Stunned(t, true));
        }
    }

    /// Removes unit `u`'s Stunned token, if it has one.
    pub(crate) fn unstun(&mut self, u: usize) {
        self.units[u].grappled_by = None;
        if self.units[u].stunned {
            self.units[u].stunned = false;
            self.log(super::Event::Stunned(u, false));
        }
    }

    /// Gives unit `u` a Stunned token or takes it away (scenario set-ups and tests).
    pub fn set_stunned(&mut self, u: usize, on: bool) {
        if on {
            self.stun(u, Stun::Tesla);
        } else {
            self.unstun(u);
        }
    }

    /// Unit `u` takes an action other than NOTHING: the units its grapple weapons hold are
    /// released.
    pub(crate) fn release_grapples(&mut self, u: usize) {
        for t in 0..self.units.len() {
            if self.units[t].grappled_by == Some(u) {
                self.unstun(t);
            }
        }
    }

    /// "CHEAT DEATH": "If this hero is eliminated, roll a die at the end of the action. On ☒
    /// or ☑ the hero removes 1 point of damage and survives, but gains a Stunned token" (the
    /// army symbol or the shield: docs/rulings.md, "Battlefield: Cheat Death"). Rolled as the
    /// hero would be removed; returns whether he survives.
    pub(crate) fn cheats_death(&mut self, t: usize) -> bool {
        if self.class(t) != Class::Hero || !self.cards[t].bf.has(crate::unit::BattlefrontSkill::CheatDeath) {
            return false;
        }
        if !self.one_die(crate::dice::Symbols::ARMY_OR_SHIELD, Purpose::CheatDeath) {
            return false;
        }
        self.units[t].health = 1;
        self.stun(t, Stun::Tesla);
        true
    }

    /// What every unit starts the game with: each line's `ammo` boxes; Camouflage ("The unit
    /// starts the game camouflaged").
    pub(crate) fn load_ammo(&mut self) {
        for (unit, c) in self.units.iter_mut().zip(self.cards.iter()) {
            unit.ammo = c.card.weapons.iter().map(|w| w.ammo).collect();
            unit.camouflaged = c.bf.has(BattlefrontSkill::Camouflage);
        }
    }

    /// "CAMOUFLAGE": "no enemy unit has LOS to it if it is in cover from them and at range 3
    /// (30cm/12") or more": whether miniature `m` of unit `u` is denied the camouflaged unit
    /// `t` at `gap` (docs/rulings.md, "Battlefield: Camouflage").
    pub(crate) fn camouflage_hides(&self, u: usize, m: usize, t: usize, gap: dust_geom::measure::Gap) -> bool {
        self.units[t].camouflaged && !gap.within(3 * RANGE_UNIT - 1) && self.in_cover_from(u, m, t)
    }

    /// "This benefit ends if the camouflaged unit takes any action other than a MOVE or NOTHING
    /// Action": unit `u` (not the hero joined to it: "Units with this skill do not share it")
    /// takes an ATTACK or SUSTAINED ATTACK.
    pub(crate) fn end_camouflage(&mut self, u: usize) {
        self.units[u].camouflaged = false;
    }

    /// Whether plan `p` of unit `u` starts with the MARCH MOVE a Scout makes as one action:
    /// "SCOUT": "This unit (and any unit it has joined or hero that has joined it) may take a
    /// MARCH MOVE action as its first action of the game. This counts as a single action" — in
    /// the first turn (docs/rulings.md, "Battlefield: Scout").
    pub(crate) fn scout_march(&self, u: usize, p: &[Action]) -> bool {
        let scout = |x: usize| self.cards[x].bf.has(BattlefrontSkill::Scout);
        self.turn == 1 && p.first() == Some(&Action::March) && (scout(u) || self.joined_hero(u).is_some_and(scout))
    }

    /// "WIRE-GUIDED WEAPONS": "If a unit attacks with 1 wire-guided weapon and no other weapons
    /// when making an ATTACK action, it re-rolls misses for that weapon as if making a SUSTAINED
    /// ATTACK": one aimed line, wire-guided, fired by one miniature (a squad whose soldiers fire
    /// it fires several weapons).
    pub(crate) fn mark_wire_guided(&self, u: usize, aims: &[super::decision::Aim], sustained: bool, groups: &mut [Group]) {
        let [a] = aims else { return };
        let li = usize::from(a.line);
        if sustained || !self.cards[u].bf.weapons.get(li).is_some_and(|b| b.wire_guided) {
            return;
        }
        let mut firers: Vec<usize> = groups.iter().flat_map(|g| g.firers.iter().copied()).collect();
        firers.sort_unstable();
        firers.dedup();
        if firers.len() == 1 {
            for g in groups.iter_mut() {
                g.reroll = true;
            }
        }
    }

    /// Why line `li` of unit `u` may not be aimed after `aimed`: the other mode of its weapon
    /// already is ("4. Declare Targets": "If a weapon has 2 modes of shooting (2 weapon lines),
    /// you must announce which set of characteristics are being used each time the weapon
    /// makes an attack"; [`rules_shared::mode_taken`]).
    pub(crate) fn mode_refusal(&self, u: usize, li: usize, aimed: &[u8]) -> Option<Refusal> {
        let partner = self.cards[u].bf.weapons.get(li).and_then(|b| b.mode_of);
        rules_shared::mode_taken(partner, |p| aimed.contains(&p)).then(|| {
            let card = &self.cards[u].card;
            let other = partner
                .and_then(|p| card.weapons.get(usize::from(p)))
                .map_or("", |w| w.name.as_str());
            Refusal::new(format!(
                "{} and {} are the 2 modes of one weapon: announce one set of characteristics an attack (aim one of the two lines)",
                other, card.weapons[li].name
            ))
        })
    }

    /// The distribution of the unsaved hits of one die of `g` (entry `k`: P(k)), and its mean:
    /// the hit (re-rolled once when sustained), the chain of further hits when the line chains,
    /// then each hit's chance `kept` of surviving the saves.
    pub(crate) fn die_distribution(hit: f64, chain: Option<f64>, kept: f64) -> (Vec<f64>, f64) {
        let raw = match chain {
            Some(again) => rules_shared::chain_distribution(hit, again, 40),
            None => vec![1.0 - hit, hit],
        };
        let mut out = vec![0.0; raw.len()];
        for (n, p) in raw.iter().enumerate() {
            for (k, b) in crate::dice::binomial(n as u32, kept).into_iter().enumerate() {
                out[k] += p * b;
            }
        }
        let mean = out.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        (out, mean)
    }
}

/// The plans of a unit with three actions (the generator's list; the check keeps the legal
/// ones): "a unit can never perform more than 3 actions during an activation", a MARCH MOVE or
/// SUSTAINED ATTACK counting two.
pub(crate) const THREE_ACTION_PLANS: [&[Action]; 12] = [
    &[Action::March, Action::Attack],
    &[Action::Attack, Action::March],
    &[Action::Move, Action::Sustained],
    &[Action::Sustained, Action::Move],
    &[Action::Move, Action::Attack, Action::Nothing],
    &[Action::Attack, Action::Move, Action::Nothing],
    &[Action::Move, Action::Nothing, Action::Attack],
    &[Action::Nothing, Action::Move, Action::Attack],
    &[Action::March, Action::Nothing],
    &[Action::Nothing, Action::March],
    &[Action::Nothing, Action::Sustained],
    &[Action::Nothing, Action::Nothing, Action::Nothing],
];

/// More plans the generator offers, with a free action (Charge, At the Double, Move and Fire).
pub(crate) const FREE_ACTION_PLANS: [&[Action]; 5] = [
    &[Action::March, Action::Move],
    &[Action::Move, Action::Attack, Action::Move],
    &[Action::Nothing, Action::Attack, Action::Move],
    &[Action::Attack, Action::Move, Action::Nothing],
    &[Action::Attack, Action::Move, Action::Attack],
];

/// The free actions skills grant: the action a skill makes free when it comes immediately after
/// another (tactics-battlefield-summary.md, "CHARGE", "AT THE DOUBLE", "MOVE AND FIRE").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Free {
    /// Charge: "a free ATTACK action using C weapons immediately after performing a MARCH MOVE
    /// action".
    Charge,
    /// At the Double: "a free MOVE action immediately after performing a MARCH MOVE action".
    AtTheDouble,
    /// Move and Fire: "a free MOVE action immediately after performing an ATTACK or SUSTAINED
    /// ATTACK action using ranged weapons".
    MoveAndFire,
    /// Naval unit: "A naval unit may take a free ATTACK action immediately after it performs a
    /// MARCH MOVE action" (any weapon).
    Naval,
}

impl Free {
    const ALL: [Free; 4] = [Free::Naval, Free::Charge, Free::AtTheDouble, Free::MoveAndFire];
    /// Whether `after` following `before` is this skill's free action.
    fn fits(self, before: Action, after: Action) -> bool {
        match self {
            Free::Charge | Free::Naval => before == Action::March && after == Action::Attack,
            Free::AtTheDouble => before == Action::March && after == Action::Move,
            Free::MoveAndFire => before.attacks() && after == Action::Move,
        }
    }
}

/// What a hit of a stunning weapon does (tactics-battlefield-summary.md, "TESLA WEAPONS",
/// "GRAPPLE WEAPONS").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stun {
    /// "When a unit is hit by a Tesla weapon, place a Stunned token on it".
    Tesla,
    /// "When a grapple weapon scores a hit, place a Stunned token on the target unit. Remove
    /// the token if the unit with the grapple weapon takes an action other than a NOTHING
    /// action": the grappling unit.
    Grapple(usize),
}

/// The actions a plan's first steps take.
fn spent(done: &[Action]) -> u8 {
    done.iter().map(|a| a.cost()).sum()
}

/// Whether the reaction window opens once the plan's steps `done` are performed: after the
/// first action ("Once the opposing player has completed their first action"), or, for a unit
/// with 3 actions, before the last ("the ATTACK action will occur immediately before the last
/// action of the 3", tactics-battlefield-summary.md, "REACTIVE ATTACKS").
pub(crate) fn window_after(done: &[Action], actions: u8) -> bool {
    if actions == 3 {
        spent(done) == 2 && done.len() < 3
    } else {
        done.len() == 1
    }
}

/// Whether a MARCH MOVE about to be performed after the steps `done` is cut by the reaction
/// window ("the unit makes a normal MOVE action before you attempt the reactive attack, then
/// completes its march move afterwards"): it is the first action of two, or the last two of
/// three (the window falls between its halves).
pub(crate) fn window_splits(done: &[Action], actions: u8) -> bool {
    if actions == 3 {
        spent(done) == 1
    } else {
        done.is_empty()
    }
}

/// The reaction window of a unit with three actions: none against a SUSTAINED ATTACK ("You
/// cannot declare a reactive attack against a unit that is taking a SUSTAINED ATTACK action"),
/// none when the action after the window is NOTHING (the book's "NOTHING action as its second
/// action", the action the reaction comes before; docs/rulings.md, "Battlefield: reacting to
/// three actions").
pub(crate) fn window_allowed_of_three(plan: &[Action]) -> bool {
    if plan.contains(&Action::Sustained) {
        return false;
    }
    let mut used = 0;
    for a in plan {
        if used >= 2 {
            return *a != Action::Nothing;
        }
        used += a.cost();
    }
    // The window falls inside a March Move (Move, March): its second half follows.
    true
}

/// The distribution of the sum of `n` dice each distributed as `one`.
pub(crate) fn convolve_n(one: &[f64], n: u32) -> Vec<f64> {
    let mut acc = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; acc.len() + one.len() - 1];
        for (i, a) in acc.iter().enumerate() {
            if *a == 0.0 {
                continue;
            }
            for (j, b) in one.iter().enumerate() {
                next[i + j] += a * b;
            }
        }
        // Drop the vanishing tail so that long chains stay small.
        while next.len() > 1 && next.last().is_some_and(|p| *p < 1e-15) {
            next.pop();
        }
        acc = next;
    }
    acc
}
