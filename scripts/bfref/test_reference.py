"""pytest: the reference itself against hand-worked cases of tactics-battlefield-summary.md, so
that a disagreement with the oracles points at the oracles, not at the reference."""

import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference as R  # noqa: E402

HEAD = 'name = "t"\nsize = [180, 120]\n'


def table(tmp_path, body):
    p = tmp_path / "t.toml"
    p.write_text(HEAD + textwrap.dedent(body))
    return R.load(str(p))


def test_range_is_ten_cm_a_point_base_edge_to_base_edge(tmp_path):
    # "2. Check Range": 25 mm bases 22.5 cm apart centre to centre are 20 cm apart: range 2;
    # "Close Combat (C) ... within 5cm".
    t = table(tmp_path, """
        [[unit]]
        name = "Rhino"
        side = "a"
        at = [[50, 10]]
        base_mm = 25
        [[unit]]
        name = "Lara"
        side = "b"
        at = [[50, 32.5]]
        base_mm = 25
        [[unit]]
        name = "Hell Boys"
        side = "b"
        at = [[53, 12], [56, 12], [59, 12], [62, 12], [65, 12]]
        """)
    m = R.measure(t, 0, 1)
    assert abs(m["distance_cm"] - 20.0) < 1e-9 and m["range"] == 2 and not m["close"]
    c = R.measure(t, 0, 2)
    assert c["close"] and c["range"] == 1


def test_a_wall_blocks_and_woods_hide_beyond_ten_cm(tmp_path):
    # "Walls and buildings also block LOS"; woods: blocked unless within range 1 of the edge.
    t = table(tmp_path, """
        [[terrain]]
        kind = "wall"
        polygon = [[30, 30], [70, 30], [70, 31], [30, 31]]
        [[terrain]]
        kind = "woods"
        polygon = [[100, 40], [140, 40], [140, 80], [100, 80]]
        [[unit]]
        name = "Rhino"
        side = "a"
        at = [[50, 10]]
        [[unit]]
        name = "Lara"
        side = "b"
        at = [[50, 50]]
        [[unit]]
        name = "Sigrid"
        side = "b"
        at = [[120, 60]]
        [[unit]]
        name = "Bazooka Joe"
        side = "b"
        at = [[120, 45]]
        [[unit]]
        name = "Action Jackson"
        side = "a"
        at = [[120, 10]]
        """)
    assert R.los(t, 0, 1)["los"] is False
    assert R.los(t, 1, 0)["cover"] is True
    # 20 cm inside the wood: hidden from outside; 5 cm inside: seen, in cover.
    assert R.los(t, 4, 2)["los"] is False
    near = R.los(t, 4, 3)
    assert near["los"] is True and near["cover"] is True


def test_a_blast_hits_friends_and_foes_in_sight_of_its_centre(tmp_path):
    # "Roll 1 die for each miniature (including friendlies) ... at least partly under the
    # template. Miniatures not in LOS of the centre of the template cannot be hit."
    t = table(tmp_path, """
        [[terrain]]
        kind = "wall"
        polygon = [[40, 49], [60, 49], [60, 50], [40, 50]]
        [[unit]]
        name = "Hell Boys"
        side = "a"
        at = [[50, 55], [54, 55], [58, 55], [80, 80], [84, 80]]
        [[unit]]
        name = "Lara"
        side = "b"
        at = [[52, 46]]
        """)
    hits = R.blast(t, (52.0, 52.0))
    assert hits["Hell Boys"] == {0: True, 1: True, 2: True}
    assert hits["Lara"] == {0: False}


def test_a_path_goes_round_a_cliff_and_terrain_caps_the_move(tmp_path):
    # "Units cannot move through impassable terrain"; "can only move up to MOVE 2 (20cm) ...
    # when moving into, through, or out of terrain".
    t = table(tmp_path, """
        [[terrain]]
        kind = "cliff"
        polygon = [[40, 30], [60, 30], [60, 34], [40, 34]]
        [[terrain]]
        kind = "woods"
        polygon = [[100, 30], [140, 30], [140, 60], [100, 60]]
        [[unit]]
        name = "Rhino"
        side = "a"
        at = [[50, 20]]
        [[unit]]
        name = "Lara"
        side = "a"
        at = [[120, 20]]
        """)
    around = R.path(t, 0, 0, (50.0, 45.0), 3, True)
    assert around["legal"] and 25.0 < around["length_cm"] < 36.0
    assert not R.path(t, 0, 0, (50.0, 45.0), 2, False)["legal"]
    # 25 cm into the wood: within Move 3 (30 cm) but over the 20 cm cap.
    assert R.path(t, 1, 0, (120.0, 35.0), 3, False)["legal"]
    assert not R.path(t, 1, 0, (120.0, 45.0), 3, False)["legal"]
