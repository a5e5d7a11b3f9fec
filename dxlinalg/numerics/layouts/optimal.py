"""The interface every optimal-layout format implements, and encode/decode generic over it.

An optimal layout is an opaque, implementation-specific byte format. Each format here is
described by a *slot table*: one entry per stored element slot, holding the row-major source
index r*cols + c stored there, or -1 for padding. Encode and decode are one gather/scatter
over that table, so a format is just a pure index function (STYLE.md: layouts as index tables).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info

SIZE_GRANULE = 16  # D3D12: DestSize is a multiple of 16 bytes


def round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


class OptimalLayoutFormat(ABC):
    """A profile's byte format for MulOptimal / OuterProductOptimal matrices."""

    name: str = "abstract"

    @abstractmethod
    def slot_table(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                   cols: int) -> np.ndarray:
        """int64 per storage slot: source index r*cols+c, or -1 for padding (read-only, cached)."""

    def storage_type(self, component_type: ComponentType) -> ComponentType:
        """The element type physically stored (a format may widen, e.g. FP8 held as FP16)."""
        return component_type

    def to_storage(self, values: np.ndarray, component_type: ComponentType) -> np.ndarray:
        """Exact `component_type` elements -> storage elements (identity unless widened)."""
        storage = self.storage_type(component_type)
        if storage == component_type:
            return values
        return values.astype(element_dtype(storage))

    def from_storage(self, stored: np.ndarray, component_type: ComponentType) -> np.ndarray:
        """Storage elements -> `component_type` elements (exact for data this format wrote).

        Bytes it did not write (a buffer never converted into) may hold storage values the narrow type
        cannot: those cast as ml_dtypes casts them (past the range: NaN), without numpy's warning."""
        if self.storage_type(component_type) == component_type:
            return stored
        with np.errstate(invalid="ignore", over="ignore"):
            return stored.astype(element_dtype(component_type))

    def padding_fill(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                     cols: int, size: int) -> np.ndarray:
        """Bytes a fresh destination starts with before elements are scattered in (zeros here)."""
        return np.zeros(size, np.uint8)

    def slot_count(self, component_type: ComponentType, layout: MatrixLayout, rows: int, cols: int) -> int:
        """The slot table's length. Formats with a closed form override this, so that sizes, encode
        and decode never build a table (an int64 per slot: twice a float32 matrix)."""
        return self.slot_table(component_type, layout, rows, cols).size

    def size_bytes(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                   cols: int) -> int:
        """Destination size: all slots, rounded up to the 16-byte D3D12 granule."""
        count = self.checked_slot_count(component_type, layout, rows, cols)
        slot_bytes = type_info(self.storage_type(component_type)).size_bytes
        return round_up(count * slot_bytes, SIZE_GRANULE)

    @staticmethod
    def _check_request(layout: MatrixLayout, rows: int, cols: int) -> None:
        if not MatrixLayout(layout).is_optimal:
            raise InvalidArgumentError(f"layout {MatrixLayout(layout).name} is not an optimal layout")
        if rows < 1 or cols < 1:
            raise InvalidArgumentError(f"matrix shape {rows} x {cols} must have at least one row and column")

    def checked_slot_table(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                           cols: int) -> np.ndarray:
        self._check_request(layout, rows, cols)
        return self.slot_table(ComponentType(component_type), MatrixLayout(layout), rows, cols)

    def checked_slot_count(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                           cols: int) -> int:
        self._check_request(layout, rows, cols)
        return self.slot_count(ComponentType(component_type), MatrixLayout(layout), rows, cols)

    def scatter_plan(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                     cols: int) -> tuple[np.ndarray, np.ndarray]:
        """(slot positions, source indices) of the used slots: the table without its padding."""
        key = (component_type, layout, rows, cols)
        plan = self._plans.get(key)
        if plan is None:
            table = self.checked_slot_table(component_type, layout, rows, cols)
            positions = np.flatnonzero(table >= 0)
            plan = (positions, table[positions])
            if len(self._plans) > 64:
                self._plans.clear()
            self._plans[key] = plan
        return plan

    @property
    def _plans(self) -> dict[tuple[object, ...], tuple[np.ndarray, np.ndarray]]:
        plans = self.__dict__.get("_plan_cache")
        if plans is None:
            plans = self.__dict__["_plan_cache"] = {}
        return plans

    def scatter(self, stored: np.ndarray, slots: np.ndarray, component_type: ComponentType,
                layout: MatrixLayout) -> None:
        """Place (rows, cols) storage elements into their slots (padding slots untouched)."""
        positions, sources = self.scatter_plan(component_type, layout, *stored.shape)
        slots[positions] = stored.reshape(-1)[sources]

    def gather(self, slots: np.ndarray, component_type: ComponentType, layout: MatrixLayout,
               rows: int, cols: int) -> np.ndarray:
        """Read (rows, cols) storage elements out of their slots."""
        positions, sources = self.scatter_plan(component_type, layout, rows, cols)
        flat = np.empty(rows * cols, slots.dtype)
        flat[sources] = slots[positions]
        return flat.reshape(rows, cols)

    def encode(self, matrix: np.ndarray, component_type: ComponentType,
               layout: MatrixLayout) -> np.ndarray:
        """(rows, cols) elements -> the full destination bytes (size_bytes long)."""
        rows, cols = matrix.shape
        if matrix.dtype != type_info(component_type).dtype:
            raise InvalidArgumentError(
                f"matrix dtype {matrix.dtype} does not hold {component_type.name} elements")
        count = self.checked_slot_count(component_type, layout, rows, cols)
        size = self.size_bytes(component_type, layout, rows, cols)
        out = self.padding_fill(component_type, layout, rows, cols, size)
        storage_dtype = element_dtype(self.storage_type(component_type))
        slots = out[: count * storage_dtype.itemsize].view(storage_dtype)
        self.scatter(self.to_storage(matrix, component_type), slots, component_type, layout)
        return out

    def decode(self, raw: np.ndarray, component_type: ComponentType, layout: MatrixLayout,
               rows: int, cols: int) -> np.ndarray:
        """Destination bytes -> (rows, cols) elements; padding is never read."""
        count = self.checked_slot_count(component_type, layout, rows, cols)
        storage_dtype = element_dtype(self.storage_type(component_type))
        need = count * storage_dtype.itemsize
        raw = np.asarray(raw, dtype=np.uint8)
        if raw.size < need:
            raise InvalidArgumentError(
                f"optimal {rows} x {cols} {component_type.name} matrix ({self.name}) needs {need} bytes, "
                f"only {raw.size} given")
        slots = np.ascontiguousarray(raw[:need]).view(storage_dtype)
        stored = self.gather(slots, component_type, layout, rows, cols)
        return self.from_storage(stored, component_type)
