"""The bench's bytecode count: a figure that does not move from one run to the next, as its docs say."""

from bench import engine_instructions


def test_bytecodes_a_decision_are_counted_the_same_every_run() -> None:
    first = engine_instructions.bytecodes("coup", 2)
    count, decisions = first
    assert decisions > 10 and count > 100 * decisions  # a decision runs hundreds of bytecodes, view and apply
    assert engine_instructions.bytecodes("coup", 2) == first
