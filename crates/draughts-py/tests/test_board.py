"""Board, Move, Piece and Outcome: every method, and the errors."""

import copy

import pytest

import fastdraughts
from fastdraughts import (
    BLACK,
    KING,
    MAN,
    WHITE,
    AmbiguousMove,
    Board,
    DraughtsError,
    IllegalMove,
    InvalidFen,
    InvalidMove,
    InvalidSquare,
    InvalidVariant,
    Piece,
    Termination,
)

from conftest import playout


def test_variants_by_name_and_alias():
    assert fastdraughts.VARIANTS == [
        "international", "english", "brazilian", "pool", "russian", "italian", "spanish", "czech",
        "thai", "turkish", "killer", "antidraughts", "breakthrough", "frisian", "frysk",
    ]
    assert Board.variants() == fastdraughts.VARIANTS
    assert Board().variant == "international"
    assert Board("checkers").variant == "english"
    assert Board("10x10").square_count == 50
    for name, size, squares, first in [
        ("international", 10, 50, WHITE),
        ("english", 8, 32, BLACK),
        ("brazilian", 8, 32, WHITE),
        ("pool", 8, 32, BLACK),
        ("russian", 8, 32, WHITE),
        ("italian", 8, 32, WHITE),
        ("spanish", 8, 32, WHITE),
        ("czech", 8, 32, WHITE),
        ("thai", 8, 32, WHITE),
        ("turkish", 8, 64, WHITE),
        ("killer", 10, 50, WHITE),
        ("antidraughts", 10, 50, WHITE),
        ("breakthrough", 10, 50, WHITE),
        ("frisian", 10, 50, WHITE),
        ("frysk", 10, 50, WHITE),
    ]:
        board = Board(name)
        assert (board.board_size, board.square_count, board.turn) == (size, squares, first)
    with pytest.raises(InvalidVariant, match="unknown variant"):
        Board("chess")


def test_start_position_and_perft():
    board = Board()
    assert board.fen() == "W:W31-50:B1-20"
    assert repr(board) == "Board('international', 'W:W31-50:B1-20')"
    assert "white to move" in str(board)
    assert [board.perft(d) for d in range(5)] == [1, 9, 81, 658, 4265]
    assert Board("english").perft(6) == 36768
    divided = Board("english").divide(2)
    assert len(divided) == 7 and sum(n for _, n in divided) == 49
    assert ("11-15", 7) in divided


def test_pieces_and_piece_at():
    board = Board("international", "W:WK46,31:B5,K6")
    assert board.piece_at(46) == Piece(WHITE, KING)
    assert board.piece_at(31) == Piece(WHITE, MAN)
    assert board.piece_at(5).symbol() == "b"
    assert board.piece_at(6).symbol() == "B"
    assert board.piece_at(7) is None
    assert board.pieces(WHITE, KING) == [46]
    assert board.pieces(BLACK, MAN) == [5]
    assert Piece.from_symbol("W") == Piece(WHITE, KING)
    assert repr(Piece(BLACK, MAN)) == "Piece.from_symbol('b')"
    assert len({Piece(WHITE, MAN), Piece(WHITE, MAN)}) == 1
    for bad in (0, 51, -1, 2**70):
        with pytest.raises((InvalidSquare, OverflowError)):
            board.piece_at(bad)
    with pytest.raises(InvalidSquare):
        Board("english").piece_at(33)
    with pytest.raises(ValueError):
        board.pieces(WHITE, 3)
    with pytest.raises(ValueError):
        Piece.from_symbol("x")
    with pytest.raises(ValueError):
        Piece(WHITE, 0)


def test_moves_push_pop_peek():
    board = Board()
    moves = board.legal_moves
    assert len(moves) == 9 and len(set(moves)) == 9
    move = board.parse_move("32-28")
    assert (move.from_square, move.to_square, move.captures, move.path) == (32, 28, [], [32, 28])
    assert move.promotion is None and not move.is_capture() and move.variant == "international"
    assert repr(move) == "Move('32-28')"
    assert board.is_legal(move)
    board.push(move)
    assert board.turn == BLACK and board.peek() == move
    assert not board.is_legal(move)
    reply = board.push_text("19-23")
    capture = board.push_text("28x19")
    assert capture.captures == [23] and capture.is_capture()
    assert board.move_stack == [move, reply, capture]
    assert board.pop() == capture
    assert board.pop() == reply
    assert board.pop() == move
    assert board == Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    with pytest.raises(IllegalMove):
        board.push(capture)
    with pytest.raises(InvalidMove):
        board.push_text("hello")
    with pytest.raises(IllegalMove):
        board.parse_move("1-2")
    english_move = Board("english").legal_moves[0]
    with pytest.raises(IllegalMove, match="a move of english"):
        board.push(english_move)
    assert board.move_stack == []


def test_ambiguous_capture_text_and_full_paths():
    board = Board("international", "W:W30:B11,22,23,24,33,34")
    texts = sorted(str(m) for m in board.legal_moves)
    assert texts == ["30x19x28x17x6", "30x30", "30x39x28x17x6"]
    with pytest.raises(AmbiguousMove):
        board.push_text("30x6")
    move = board.push_text("30x19x28x17x6")
    assert move.path == [30, 19, 28, 17, 6]
    assert move.captures == [11, 22, 23, 24]


def test_crowning_is_promotion():
    board = Board("english", "B:W30:B27")
    assert all(m.promotion == KING for m in board.legal_moves)
    board.push(board.legal_moves[0])
    assert board.pieces(BLACK, KING) == [board.peek().to_square]


def test_algebraic_squares_where_the_variant_writes_them():
    """Russian, Brazilian and Turkish write a1..h8 (a1 White's bottom-left) in FEN and
    moves, and read numbers too; the other variants keep numbers."""
    russian = Board("russian")
    assert russian.fen().startswith("W:Wa1,c1,e1,g1,b2")
    assert sorted(str(m) for m in russian.legal_moves)[:2] == ["a3-b4", "c3-b4"]
    assert russian.square_name(29) == "a1" and russian.square_name(1) == "b8"
    assert str(russian.push_text("22-18")) == "c3-d4"
    russian.push_text("f6-e5")
    assert str(russian.push_text("d4:f6")) == "d4xf6"
    assert Board("russian", "W:W21-32:B1-12") == Board("russian")
    turkish = Board("turkish")
    assert turkish.square_name(1) == "a8" and turkish.square_name(64) == "h1"
    assert turkish.square_coordinates(64) == (7, 7)
    assert Board("italian").square_coordinates(1) == (0, 0)
    # Spanish numbers the same board from White's side: 1 is h1, White starts on 1-12.
    spanish = Board("spanish")
    assert spanish.square_coordinates(1) == (7, 7)
    assert spanish.fen() == "W:W1-12:B21-32"
    assert str(spanish.push_text("11-15")) == "11-15"
    assert russian.square_coordinates(29) == (7, 0)
    with pytest.raises(InvalidSquare):
        turkish.square_coordinates(65)
    assert str(turkish.parse_move("d3-d4")) == "d3-d4"
    assert Board("english").square_name(29) == "29"
    assert Board("english", "B:Wa1:Bb8").fen() == "B:W29:B1"
    with pytest.raises(InvalidSquare):
        russian.parse_move("a2-b3")
    with pytest.raises(InvalidFen):
        Board("russian", "W:Wi9:Bb6")


def test_fen_errors_and_set_fen():
    for bad in ["", "X:W1:B2", "W:W51:B1", "W:W1,1:B2", "W:W:B:W"]:
        with pytest.raises(InvalidFen):
            Board("international", bad)
    board = Board()
    board.push_text("32-28")
    board.set_fen("B:W28,31,33-50:B1-20")
    assert board.move_stack == [] and board.turn == BLACK
    with pytest.raises(InvalidFen):
        board.set_fen("nonsense")
    board.reset()
    assert board == Board()
    assert issubclass(InvalidFen, DraughtsError) and issubclass(DraughtsError, ValueError)


def test_copy_root_mirror_equality_hash():
    board = Board()
    board.push_text("32-28")
    other = board.copy()
    assert other == board and other.move_stack == board.move_stack
    assert board.copy(stack=False).move_stack == []
    assert copy.copy(board) == board and copy.deepcopy(board) == board
    other.push_text("19-23")
    assert other != board and len(board.move_stack) == 1
    assert board.root() == Board()
    assert hash(board) == hash(board.copy(stack=False)) != hash(Board())
    assert len({Board(), Board(), board}) == 2
    assert Board() != "W:W31-50:B1-20"
    mirrored = board.mirror()
    assert mirrored.turn == WHITE
    assert mirrored.perft(3) == board.perft(3)
    assert mirrored.mirror() == board
    assert Board().zobrist() != board.zobrist()


def test_outcome_no_moves_and_results():
    lost = Board("international", "W:W:BK5")
    assert lost.is_game_over()
    outcome = lost.outcome()
    assert outcome.termination == Termination.NO_MOVES and outcome.winner is BLACK
    assert outcome.result() == lost.result() == "0-2"
    assert "NO_MOVES" in repr(outcome)
    english = Board("english", "B:W18:B14")
    english.push_text("14x23")
    assert english.result() == "1-0" and english.outcome().winner is BLACK
    assert Board().outcome() is None and Board().result() == "*"


def test_outcome_draw_rules():
    board = Board("international", "W:WK47,45,35:BK4,6,16")
    for text in ["47-41", "4-9", "41-47", "9-4"] * 2:
        assert not board.is_game_over()
        board.push_text(text)
    assert board.repetitions() == 3
    outcome = board.outcome()
    assert (outcome.termination, outcome.winner, outcome.result()) == (Termination.REPETITION, None, "1-1")
    board.pop()
    assert board.outcome() is None
    # The 16-move rule: a lone king against three kings, 32 plies.
    board = Board("international", "W:WK46,K47,K48:BK3")
    plies = 0
    while board.outcome() is None and plies < 40:
        board.push(_quiet_king_move(board))
        plies += 1
    assert board.outcome().termination == Termination.LONE_KING_VS_THREE and plies == 32


def _quiet_king_move(board):
    """A king move that gives no capture and repeats no position."""
    seen = set(_history(board))
    for move in board.legal_moves:
        after = board.copy(stack=False)
        after.push(move)
        if not any(m.is_capture() for m in after.legal_moves) and after.zobrist() not in seen:
            return move
    return board.legal_moves[0]


def _history(board):
    copy_ = board.copy()
    hashes = [copy_.zobrist()]
    while copy_.move_stack:
        copy_.pop()
        hashes.append(copy_.zobrist())
    return hashes


def test_random_playouts_keep_push_pop_consistent(rng):
    for variant in fastdraughts.VARIANTS:
        board = playout(variant, 60, rng)
        fens = []
        replay = board.root()
        for move in board.move_stack:
            fens.append(replay.fen())
            replay.push(move)
        assert replay == board
        while board.move_stack:
            board.pop()
            assert board.fen() == fens.pop()


def test_perft_releases_the_gil():
    import threading

    results = []
    threads = [threading.Thread(target=lambda: results.append(Board().perft(5))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [27117, 27117]
