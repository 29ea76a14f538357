"""ListWrapper: what a list becomes when set as an attribute of a tf.Module or tf.train.Checkpoint
(TF: python/trackable/data_structures.py). A list that prints as `ListWrapper([...])` and whose additions may
receive deferred checkpoint values (`checkpoint.listed.append(v)` restores v)."""

from __future__ import annotations

from typing import Any

from tfshim.training.deferred import restore_on_set


class ListWrapper(list):
    """A list tracked by its owner; appended/assigned elements are restored from a pending checkpoint."""

    def __repr__(self) -> str:
        return f"ListWrapper({list.__repr__(self)})"

    def append(self, value: Any) -> None:
        list.append(self, value)
        try:
            restore_on_set(self, str(len(self) - 1), value)
        except ValueError:  # TF's ListWrapper._track_value: a value that does not fit is kept, unrestored
            pass

    def extend(self, values: Any) -> None:
        for v in values:
            self.append(v)

    def __setitem__(self, index: Any, value: Any) -> None:
        list.__setitem__(self, index, value)
        if isinstance(index, int):
            try:
                restore_on_set(self, str(index % len(self)), value)
            except ValueError:
                pass

    def __iadd__(self, values: Any) -> ListWrapper:  # type: ignore[misc]
        self.extend(values)
        return self

    def copy(self) -> list:
        return list(self)


def wrap(value: Any) -> Any:
    """A plain list becomes a ListWrapper (TF's sticky attribute assignment); anything else is kept."""
    return ListWrapper(value) if type(value) is list else value
