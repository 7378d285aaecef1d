"""The examples in the package's docstrings run, those of the compiled classes too
(which ``doctest.testmod`` does not find, their module being ``fastdraughts``)."""

import doctest

import pytest

import fastdraughts
from fastdraughts import egdb, engine, pdn, puzzles, review, svg

GLOBALS = {"Board": fastdraughts.Board, "fastdraughts": fastdraughts}


@pytest.mark.parametrize("module", [fastdraughts, egdb, engine, pdn, puzzles, review, svg], ids=lambda m: m.__name__)
def test_module_examples(module):
    failures, _ = doctest.testmod(module, extraglobs=GLOBALS)
    assert failures == 0


def test_class_examples():
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    tests = finder.find(fastdraughts.Board, "Board", module=False, globs=dict(GLOBALS))
    assert sum(len(test.examples) for test in tests) >= 5
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
