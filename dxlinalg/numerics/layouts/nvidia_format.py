"""NVIDIA's optimal-layout format (H100 driver), as an OptimalLayoutFormat.

The index rule lives in `nvidia` (slot tables); encode and decode go through `nvidia_reshape`,
which moves the same bytes without building the tables. This adapter adds the storage quirk the driver shows: FP8
matrices are held as FP16 values, and the widening is the driver's own FP8 -> FP16 conversion, which leaves no -0 and only
the NaN 0x7FFF (docs/float-conversion.md).
Sizes are the driver's, rounded up to 16 bytes because D3D12 requires DestSize % 16 == 0.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.numerics.float_conversion import NVIDIA_H100_FLOAT_SETTINGS, store_fp8_as_f16
from dxlinalg.numerics.layouts import nvidia_reshape
from dxlinalg.numerics.layouts.nvidia import nvidia_optimal_size, nvidia_slot_table, nvidia_storage_type
from dxlinalg.numerics.layouts.optimal import OptimalLayoutFormat


class NvidiaMmaFormat(OptimalLayoutFormat):
    """Byte-exact copy of the H100 driver's INFERENCING/TRAINING_OPTIMAL layouts."""

    name = "nvidia mma.sync fragments"

    def slot_table(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                   cols: int) -> np.ndarray:
        return nvidia_slot_table(component_type, layout, rows, cols)

    def storage_type(self, component_type: ComponentType) -> ComponentType:
        return nvidia_storage_type(component_type)

    def to_storage(self, values: np.ndarray, component_type: ComponentType) -> np.ndarray:
        if self.storage_type(component_type) == component_type:
            return values
        return store_fp8_as_f16(values, NVIDIA_H100_FLOAT_SETTINGS)

    def slot_count(self, component_type: ComponentType, layout: MatrixLayout, rows: int, cols: int) -> int:
        """The driver's size over the stored element size: the table's length, without the table."""
        storage = self.storage_type(component_type)
        return nvidia_optimal_size(component_type, layout, rows, cols) // element_dtype(storage).itemsize

    def scatter(self, stored: np.ndarray, slots: np.ndarray, component_type: ComponentType,
                layout: MatrixLayout) -> None:
        nvidia_reshape.scatter(stored, slots, self.storage_type(component_type), MatrixLayout(layout))

    def gather(self, slots: np.ndarray, component_type: ComponentType, layout: MatrixLayout,
               rows: int, cols: int) -> np.ndarray:
        return nvidia_reshape.gather(slots, self.storage_type(component_type), MatrixLayout(layout), rows, cols)
