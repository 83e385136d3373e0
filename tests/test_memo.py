"""The memo that keeps what `pnp watch` would otherwise work out again on every save (pnp/memo.py)."""
from pnp.memo import Memo


def test_a_memo_lets_its_oldest_entry_go_to_make_room():
    memo = Memo(2)
    memo.keep("a", 1)
    memo.keep("b", 2)
    assert memo.keep("c", 3) == 3
    assert dict(memo) == {"b": 2, "c": 3}


def test_a_memo_keeping_a_key_again_lets_nothing_go():
    memo = Memo(2)
    memo.keep("a", 1)
    memo.keep("b", 2)
    memo.keep("b", 20)
    assert dict(memo) == {"a": 1, "b": 20}
