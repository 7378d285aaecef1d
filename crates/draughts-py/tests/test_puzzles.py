"""Puzzles from Python: found at a position and over games, checked again, written as a
puzzle file and as JSON and read back, and the errors of bad files and input."""

import json
import pickle

import pytest

import fastdraughts
from fastdraughts import Board, EngineError, InvalidFen, InvalidVariant, PdnError, PuzzleError, engine, pdn, puzzles

# White's shot 28-23 18x29 33x15, after Black left the man on 17 go.
SHOT = "W:W28,31-40,42-50:B1-14,16,18-21,25"
SHOT_LINE = ["28-23", "18x29", "33x15"]

# Black's 18-22 threatens; 10-15 gives a man and 12x26 takes two. At these nodes the
# search rates 18-23 at more than a man too, so `won` is raised to let the key's lead
# of three men count.
ENGLISH = "B:W16,17,19,21,26:B1,2,10,12,18"
ENGLISH_LINE = ["18-22", "26-23", "10-15", "19x10", "12x26"]
ENGLISH_LIMITS = {"check_nodes": 200000, "won": 200}

LIMITS = {"check_nodes": 100000}


@pytest.fixture(scope="module")
def international():
    return engine.Engine("international", hash_mb=8)


@pytest.fixture(scope="module")
def english():
    return engine.Engine("english", hash_mb=8)


@pytest.fixture(scope="module")
def shot(international):
    return international.puzzle(SHOT, **LIMITS)


def check_puzzle(puzzle, fen, line):
    """The puzzle's values are of the types the stubs say and agree with its board."""
    assert isinstance(puzzle, puzzles.Puzzle)
    assert puzzle.fen == fen and [str(m) for m in puzzle.solution] == line
    assert puzzle.key == puzzle.solution[0]
    board = puzzle.board()
    assert board.fen() == fen and board.variant == puzzle.variant
    for played in puzzle.solution:
        assert isinstance(played, puzzles.ReviewMove)
        move = board.parse_move(played.text)
        assert (move.from_square, move.to_square) == (played.from_square, played.to_square)
        board.push(move)
    difficulty = puzzle.difficulty
    assert difficulty.plies == len(line) and difficulty.choices == len(puzzle.board().legal_moves)
    assert 0 <= difficulty.sacrifices <= (len(line) + 1) // 2
    assert isinstance(puzzle.gain, int) and isinstance(puzzle.crowned, bool)


def test_puzzle_international(international, shot):
    check_puzzle(shot, SHOT, SHOT_LINE)
    assert shot.variant == "international" and shot.gain == 100 and not shot.crowned
    difficulty = shot.difficulty
    assert (difficulty.plies, difficulty.sacrifices, difficulty.choices) == (3, 1, 11)
    assert difficulty.effort > 0
    check = shot.check
    assert check.kind == "search" and check.margin >= 50
    assert check.nodes >= max(LIMITS["check_nodes"], 10 * difficulty.effort)
    assert shot.source is None
    assert "28-23 18x29 33x15" in repr(shot) and "search" in repr(check)
    # A board gives the same puzzle as its FEN.
    assert international.puzzle(Board("international", SHOT), **LIMITS) == shot


def test_puzzle_english(english):
    puzzle = english.puzzle(ENGLISH, **ENGLISH_LIMITS)
    check_puzzle(puzzle, ENGLISH, ENGLISH_LINE)
    assert puzzle.variant == "english" and (puzzle.gain, puzzle.difficulty.sacrifices) == (100, 1)
    assert puzzle.check.kind == "search" and puzzle.check.margin >= 50


def test_no_puzzle(international, english):
    assert international.puzzle(Board("international"), **LIMITS) is None
    assert international.puzzle("W:W31-50:B1-20", **LIMITS) is None
    # 28-22 17x28 33x13 wins a man, but two men up every move wins.
    assert international.puzzle("W:W27,28,33,39,47:B1,17,18", **LIMITS) is None
    assert english.puzzle(Board("english")) is None


def test_verify(international, english, shot):
    assert international.verify_puzzle(shot, nodes=100000)
    # Two men up, every move wins: the line's first move is not the only winner.
    plain = puzzles.read_puzzles('[FEN "W:W27,28,33,39,47:B1,17,18"]\n1. 28-22 17x28 2. 33x13 *')[0]
    assert plain.check is None and plain.gain == 100
    assert international.verify_puzzle(plain, nodes=20000) is False
    with pytest.raises(EngineError, match="this engine plays english"):
        english.verify_puzzle(shot)
    with pytest.raises(ValueError):
        international.verify_puzzle(shot, nodes=0)


def test_file_round_trip(shot):
    text = shot.to_pdn()
    assert f'[FEN "{SHOT}"]' in text and '[PuzzleCheck "search' in text and "PuzzleSource" not in text
    assert "1. 28-23 18x29 2. 33x15 *" in text
    assert puzzles.read_puzzles(text) == [shot]
    assert puzzles.read_puzzles(text.encode()) == [shot]
    assert fastdraughts.read_puzzles is puzzles.read_puzzles
    game = shot.game()
    assert isinstance(game, pdn.Game) and str(game) == text
    assert [str(m) for m in game.mainline_moves()] == SHOT_LINE
    # A file of positions and solutions alone reads; the GameType tag, else the
    # variant given, says the variant.
    plain = f'[FEN "{ENGLISH}"]\n1. 18-22 26-23 2. 10-15 19x10 3. 12x26 *\n'
    read = puzzles.read_puzzles(plain, "english")[0]
    assert [str(m) for m in read.solution] == ENGLISH_LINE and read.check is None and read.source is None
    assert read.variant == "english" and read.difficulty.effort == 0
    assert puzzles.read_puzzles(read.to_pdn())[0] == read
    assert puzzles.read_puzzles("") == []


def test_json_and_pickle(shot):
    text = shot.to_json()
    data = json.loads(text)
    assert data["fen"] == SHOT and [m["text"] for m in data["solution"]] == SHOT_LINE
    back = puzzles.Puzzle.from_json(text)
    assert back == shot and back.to_json() == text
    assert pickle.loads(pickle.dumps(shot)) == shot


BAD_FILES = [
    ('[FEN "W:W28:B1"]\n{ never closed\n', "game 1"),
    (f'[FEN "{SHOT}"]\n*\n', "no solution"),
    (f'[FEN "{SHOT}"]\n[PuzzleEffort "x"]\n1. 28-23 *\n', "PuzzleEffort"),
    (f'[FEN "{SHOT}"]\n[PuzzleCheck "search 1"]\n1. 28-23 *\n', "PuzzleCheck"),
    (f'[FEN "{SHOT}"]\n[PuzzleSource "f#1"]\n1. 28-23 *\n', "PuzzleSource"),
    (f'[FEN "{SHOT}"]\n[PuzzleSource "f#1:2"]\n[PuzzleFound "maybe"]\n1. 28-23 *\n', "PuzzleFound"),
    (f'[FEN "{SHOT}"]\n1. 28-17 *\n', "28-17"),
    ('[FEN "W:W99:B1"]\n1. 28-23 *\n', "game 1"),
    ('[GameType "21"]\n[FEN "W:W28:B1"]\n1. 28-23 *\n', "game 1"),
]


@pytest.mark.parametrize("text, message", BAD_FILES)
def test_bad_files_raise(shot, text, message):
    # The bad game comes second: the error names it.
    with pytest.raises(PuzzleError, match=message.replace("game 1", "game 2")):
        puzzles.read_puzzles(shot.to_pdn() + "\n" + text)
    with pytest.raises(PuzzleError, match=message.replace("game 1", "game 2")):
        puzzles.read_puzzles((shot.to_pdn() + "\n" + text).encode())


def test_bad_input_raises(international, shot):
    assert issubclass(PuzzleError, fastdraughts.DraughtsError) and issubclass(PuzzleError, ValueError)
    with pytest.raises(TypeError):
        puzzles.read_puzzles(42)
    with pytest.raises(InvalidVariant):
        puzzles.read_puzzles("", "chess")
    with pytest.raises(EngineError, match="this engine plays international"):
        international.puzzle(Board("english"))
    with pytest.raises(InvalidFen):
        international.puzzle("W:W99")
    with pytest.raises(TypeError):
        international.puzzle(42)
    for limits in ({"check_nodes": 0}, {"check_rounds": 0}, {"screen_nodes": 0}, {"margin": 0}):
        with pytest.raises(ValueError):
            international.puzzle(SHOT, **limits)
    with pytest.raises(ValueError):
        international.find_puzzles("", jobs=0)
    with pytest.raises(TypeError):
        international.find_puzzles("", progress=5)
    with pytest.raises(TypeError):
        international.find_puzzles(42)
    with pytest.raises(EngineError):
        international.find_puzzles([Board("english")])
    data = json.loads(shot.to_json())
    bad = [
        "",
        "not json",
        "{}",
        json.dumps({**data, "variant": "chess"}),
        json.dumps({**data, "fen": "W:W99"}),
        json.dumps({**data, "solution": []}),
        json.dumps({**data, "solution": data["solution"][:1] + data["solution"][2:]}),
        json.dumps({**data, "solution": [{**data["solution"][0], "to": 22}] + data["solution"][1:]}),
        json.dumps({**data, "gain": 900}),
        json.dumps({**data, "difficulty": {**data["difficulty"], "choices": 2}}),
    ]
    for item in bad:
        with pytest.raises(PuzzleError, match="not a puzzle"):
            puzzles.Puzzle.from_json(item)


def game(fen, moves, **tags):
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    return f'{head}[SetUp "1"]\n[FEN "{fen}"]\n{moves} *\n'


# The shot played, then the same position again (left out) where White missed it,
# a game that does not replay, and the shot from a board's moves.
GAMES = "\n".join(
    [
        game(SHOT, "1. 28-23 18x29 2. 33x15", White="A", Black="B", Event="E", Date="2000.01.01"),
        game(SHOT, "1. 33-29 10-15"),
        '[GameType "20"]\n1. 32-28 32-28 *\n',
    ]
)


def test_find_puzzles(international, shot):
    heard = []
    found = international.find_puzzles(
        GAMES, file="games.pdn", jobs=2, progress=lambda *args: heard.append(args), **LIMITS
    )
    assert [type(p) for p in found] == [puzzles.Puzzle, PdnError]
    assert "32-28" in str(found[1])
    puzzle = found[0]
    assert [str(m) for m in puzzle.solution] == SHOT_LINE and puzzle.check == shot.check
    source = puzzle.source
    assert (source.file, source.game, source.ply, source.found) == ("games.pdn", 1, 0, True)
    assert (source.white, source.black, source.event, source.date) == ("A", "B", "E", "2000.01.01")
    assert "games.pdn#1:0" in repr(source)
    # Every position of the two games that replay was heard.
    assert sorted(set(heard)) == [(0, 1, 3), (0, 2, 3), (0, 3, 3), (1, 1, 2), (1, 2, 2)]
    # The puzzle file round trips with its source.
    text = puzzles.write_puzzles(found[:1])
    assert '[PuzzleSource "games.pdn#1:0"]' in text and '[PuzzleFound "yes"]' in text
    assert puzzles.read_puzzles(text) == found[:1]
    # The second game alone: the player missed the key; skipping its first ply, none.
    missed = international.find_puzzles(GAMES.split("\n\n")[1], jobs=1, **LIMITS)
    assert len(missed) == 1 and missed[0].source.found is False and missed[0].source.file == ""
    assert international.find_puzzles(GAMES.split("\n\n")[1], skip_plies=1, jobs=1, **LIMITS) == []
    assert international.find_puzzles("", jobs=1) == []


def test_find_puzzles_from_games_and_boards(international):
    board = Board("international", SHOT)
    for text in SHOT_LINE:
        board.push_text(text)
    games = [pdn.read_games(GAMES)[1], board, GAMES.split("\n\n")[0]]
    found = puzzles.find_puzzles(games, hash_mb=8, jobs=1, **LIMITS)
    # Numbered by their place in the list; the same position once.
    assert len(found) == 1 and found[0].source.game == 1 and found[0].source.found is False
    found = international.find_puzzles(games[1:], jobs=1, **LIMITS)
    assert [p.source.game for p in found] == [1] and found[0].source.found
    # bytes read as a file does.
    from_bytes = international.find_puzzles(GAMES.encode(), jobs=1, **LIMITS)
    assert from_bytes[0] == international.find_puzzles(GAMES, jobs=1, **LIMITS)[0]
    assert isinstance(from_bytes[1], PdnError)


def test_find_puzzles_english(english):
    text = game(ENGLISH, "1. 18-22 26-23 2. 10-15 19x10 3. 12x26", GameType="21")
    found = puzzles.find_puzzles(text, "english", hash_mb=8, jobs=1, **ENGLISH_LIMITS)
    assert found and [str(m) for m in found[0].solution] == ENGLISH_LINE
    assert found[0].source.ply == 0 and found[0].source.found
    assert all(isinstance(p, puzzles.Puzzle) and p.variant == "english" for p in found)
    assert puzzles.read_puzzles(puzzles.write_puzzles(found)) == found


def test_progress_that_raises_stops_the_games(international):
    calls = []

    def progress(game, done, total):
        calls.append(game)
        raise KeyError("stop")

    with pytest.raises(KeyError, match="stop"):
        international.find_puzzles("\n".join([GAMES] * 3), jobs=1, progress=progress, **LIMITS)
    assert calls == [0]
