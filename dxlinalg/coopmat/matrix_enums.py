"""SPV_KHR_cooperative_matrix's numbers: opcodes, Cooperative Matrix Layout and Operands, storage classes."""

from __future__ import annotations

from enum import IntEnum, IntFlag


class KhrOpcode(IntEnum):
    """The SPV_KHR_cooperative_matrix instructions."""

    OpTypeCooperativeMatrixKHR = 4456
    OpCooperativeMatrixLoadKHR = 4457
    OpCooperativeMatrixStoreKHR = 4458
    OpCooperativeMatrixMulAddKHR = 4459
    OpCooperativeMatrixLengthKHR = 4460


class CooperativeMatrixLayout(IntEnum):
    """Cooperative Matrix Layout: how OpCooperativeMatrixLoadKHR/StoreKHR lay elements out."""

    RowMajorKHR = 0
    ColumnMajorKHR = 1


class CooperativeMatrixOperands(IntFlag):
    """Cooperative Matrix Operands of OpCooperativeMatrixMulAddKHR."""

    NoneKHR = 0x0
    MatrixASignedComponentsKHR = 0x1
    MatrixBSignedComponentsKHR = 0x2
    MatrixCSignedComponentsKHR = 0x4
    MatrixResultSignedComponentsKHR = 0x8
    SaturatingAccumulationKHR = 0x10


class StorageClass(IntEnum):
    """The SPIR-V storage classes a cooperative-matrix load or store may point into."""

    Workgroup = 4
    StorageBuffer = 12
    PhysicalStorageBuffer = 5349
