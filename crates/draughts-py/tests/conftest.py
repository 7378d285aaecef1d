"""Shared helpers: random positions from playouts."""

import random

import pytest

import fastdraughts


def playout(variant: str, plies: int, rng: random.Random) -> fastdraughts.Board:
    """A board after up to ``plies`` random legal moves from the initial position."""
    board = fastdraughts.Board(variant)
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261124)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "cluster_big: cluster builds of minutes (International 4, English 5); run with -m cluster_big"
    )


def pytest_collection_modifyitems(config, items):
    """Tests marked ``cluster_big`` run only when ``-m`` names the marker."""
    if "cluster_big" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="a big cluster build: run with -m cluster_big")
    for item in items:
        if "cluster_big" in item.keywords:
            item.add_marker(skip)
