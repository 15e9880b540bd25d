"""The grid map (games/core/board.py): neighbours, straight-or-diagonal range,
nearest place with the lowest-number tie rule."""

from games.core import board

# Tainted Grail "World Setup" III: 101 in the middle, 102 top, 103 left, 104 right, 105 bottom.
START = {101: (0, 0), 102: (0, -1), 103: (-1, 0), 104: (1, 0), 105: (0, 1)}


def test_step_and_direction_between():
    assert board.step((0, 0), "north") == (0, -1)
    assert board.step([2, 3], "west") == (1, 3)
    assert board.direction_between((0, 0), (1, 0)) == "east"
    assert board.direction_between((0, 0), (1, 1)) is None
    assert board.OPPOSITE["north"] == "south"


def test_distances_straight_or_diagonal_and_straight_only():
    assert board.distance((0, 0), (1, 1)) == 1
    assert board.distance((0, 0), (2, -1)) == 2
    assert board.straight_distance((0, 0), (1, 1)) == 2


def test_neighbours_only_where_a_card_lies():
    assert board.neighbours(START, 101) == {"north": 102, "east": 104, "south": 105, "west": 103}
    assert board.neighbours(START, 102) == {"south": 101}
    assert board.at(START, [1, 0]) == 104
    assert board.at(START, (5, 5)) is None


def test_range_counts_diagonals():
    # A Menhir on 102 reaches 101, 103 and 104 (diagonal) but not 105 (two away).
    assert board.within(START, [START[102]]) == [101, 102, 103, 104]
    assert board.in_range((1, 0), [(0, -1)])
    assert not board.in_range((0, 1), [(0, -1)])


def test_nearest_lowest_number_on_a_tie():
    remaining = {103: (-1, 0), 104: (1, 0), 102: (0, -1)}
    # From 101's old place all three are 1 away: the lowest number wins.
    assert board.nearest(remaining, (0, 0)) == 102
    # Diagonal counts as 1 away; straight-only it would be 2.
    assert board.nearest({110: (1, 1), 105: (0, 2)}, (0, 0)) == 110
    assert board.nearest({110: (1, 1), 105: (0, 2)}, (0, 0), straight=True) == 105
    assert board.nearest({}, (0, 0)) is None


def test_lowest_highest_bounds_and_rows():
    assert board.lowest([104, 102]) == 102
    assert board.highest([104, 102]) == 104
    assert board.lowest([]) is None
    assert board.bounds(START) == (-1, -1, 1, 1)
    assert board.bounds({}) is None
    drawn = board.rows(START, cell=4, mark=lambda k: "*" if k == 101 else "")
    assert drawn == [" .   102   .", "103  101* 104", " .   105   ."]


def test_cells_lay_the_board_out_north_at_the_top():
    assert board.cells(START) == (("", "102", ""), ("103", "101", "104"), ("", "105", ""))
    assert board.cells({7: [2, 5]}, label=lambda k: f"*{k}") == (("*7",),)
    assert board.cells({}) == ()
