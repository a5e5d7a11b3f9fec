"""A fixed permutation of each row's slots, applied over the largest machine words it keeps together.

Gathering a warp's tile from its lanes' fragments (and scattering D back) moves every value to a
fixed position. The mma fragment maps keep runs of neighbouring values together (a lane's two
f16 values of one register land side by side in a row), so the move is done on words of 2, 4
or 8 bytes: `np.take` of half as many 32-bit words costs about half as much as taking the f16
values one by one (4,096 warps' 16 x 16 A tiles: 0.29 ms against 0.55 ms), and less than a
strided transpose, whose innermost runs here are only a few words long.
"""

from __future__ import annotations

import numpy as np

LARGEST_WORD_BYTES = 8


class WordPermutation:
    """Slot s of a source row goes to position `positions[s]` of the destination row."""

    def __init__(self, positions: np.ndarray) -> None:
        positions = np.asarray(positions, dtype=np.int64).reshape(-1)
        if not np.array_equal(np.sort(positions), np.arange(positions.size)):
            raise ValueError("positions must hold every slot index once")
        self.positions = positions
        self.size = positions.size
        self._orders: dict[int, tuple[int, np.ndarray]] = {}

    def word_elements(self, itemsize: int) -> int:
        """Values moved together: the most (a power of two, at most LARGEST_WORD_BYTES) such that
        every aligned group of that many slots lands, in order, on an aligned group."""
        return self._order(itemsize)[0]

    def apply(self, rows: np.ndarray) -> np.ndarray:
        """(B, size), C-contiguous: row b's slot s at position positions[s], from `rows` (any shape
        holding `size` slots per leading index, in C order)."""
        values = np.ascontiguousarray(rows).reshape(-1, self.size)
        word, order = self._order(values.dtype.itemsize)
        words = values.view(np.dtype(f"u{word * values.dtype.itemsize}")) if word > 1 else values
        return np.take(words, order, axis=1).view(values.dtype)

    def inverse(self) -> WordPermutation:
        inverse = np.empty_like(self.positions)
        inverse[self.positions] = np.arange(self.size)
        return WordPermutation(inverse)

    def _order(self, itemsize: int) -> tuple[int, np.ndarray]:
        """(word elements, for each destination word the source word it takes)."""
        found = self._orders.get(itemsize)
        if found is None:
            word = 1
            while (2 * word * itemsize <= LARGEST_WORD_BYTES and self.size % (2 * word) == 0
                   and self._keeps_together(2 * word)):
                word *= 2
            starts = self.positions[::word]
            order = np.empty(self.size // word, dtype=np.int64)
            order[starts // word] = np.arange(self.size // word)
            order.flags.writeable = False
            found = self._orders[itemsize] = (word, order)
        return found

    def _keeps_together(self, word: int) -> bool:
        groups = self.positions.reshape(-1, word)
        return bool((groups[:, 0] % word == 0).all() and (groups - groups[:, :1] == np.arange(word)).all())
