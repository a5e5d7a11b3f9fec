"""MLIR's nvgpu dialect: the six warp-level operations on the simulated GPU (docs/nvgpu.md), their
verifier and the text parser of their custom assembly (docs/nvgpu-verifier.md).

`mma_sync`, `mma_sp_sync`, `ldmatrix`, `device_async_copy`, `device_async_create_group` and
`device_async_wait` take MLIR's operands and attributes by their MLIR names; per-lane registers are
arrays shaped (lanes, *vector shape), lanes a multiple of 32 (whole warps), memrefs are
`dxlinalg.gpu.TypedView`s. The fragment maps are in `dxlinalg.nvgpu.fragments`.
"""

from dxlinalg.nvgpu.async_copy import (
    AsyncToken,
    device_async_copy,
    device_async_create_group,
    device_async_wait,
)
from dxlinalg.nvgpu.ldmatrix import ldmatrix
from dxlinalg.nvgpu.mma import mma_sp_sync, mma_sync
from dxlinalg.nvgpu.parser import parse
from dxlinalg.nvgpu.verifier import (
    NvgpuVerifierError,
    verify_device_async_copy,
    verify_device_async_create_group,
    verify_device_async_wait,
    verify_ldmatrix,
    verify_mma_sp_sync,
    verify_mma_sync,
)

__all__ = [
    "AsyncToken",
    "NvgpuVerifierError",
    "device_async_copy",
    "device_async_create_group",
    "device_async_wait",
    "ldmatrix",
    "mma_sp_sync",
    "mma_sync",
    "parse",
    "verify_device_async_copy",
    "verify_device_async_create_group",
    "verify_device_async_wait",
    "verify_ldmatrix",
    "verify_mma_sp_sync",
    "verify_mma_sync",
]
