"""The d3dx12.h helpers C++ samples use, with the same names and argument order."""

from __future__ import annotations

from typing import Any

from d3d12api.enums import (
    D3D12_CPU_PAGE_PROPERTY,
    D3D12_HEAP_TYPE,
    D3D12_MEMORY_POOL,
    D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
    D3D12_RESOURCE_BARRIER_FLAGS,
    D3D12_RESOURCE_BARRIER_TYPE,
    D3D12_RESOURCE_DIMENSION,
    D3D12_RESOURCE_FLAGS,
    D3D12_TEXTURE_LAYOUT,
    DXGI_FORMAT,
)
from d3d12api.structs import (
    D3D12_HEAP_PROPERTIES,
    D3D12_RANGE,
    D3D12_RESOURCE_ALIASING_BARRIER,
    D3D12_RESOURCE_BARRIER,
    D3D12_RESOURCE_DESC,
    D3D12_RESOURCE_TRANSITION_BARRIER,
    D3D12_RESOURCE_UAV_BARRIER,
    DXGI_SAMPLE_DESC,
)


class CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_PROPERTIES):
    """`CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_UPLOAD)`: a heap of that type on node 1."""

    def __init__(self, type: int = D3D12_HEAP_TYPE.DEFAULT, creationNodeMask: int = 1,
                 nodeMask: int = 1) -> None:
        super().__init__(Type=type, CPUPageProperty=D3D12_CPU_PAGE_PROPERTY.UNKNOWN,
                         MemoryPoolPreference=D3D12_MEMORY_POOL.UNKNOWN,
                         CreationNodeMask=creationNodeMask, VisibleNodeMask=nodeMask)


class CD3DX12_RESOURCE_DESC(D3D12_RESOURCE_DESC):
    """d3dx12's resource description: the 11-argument constructor and `Buffer(width, flags, alignment)`."""

    def __init__(self, *values: Any, **fields: Any) -> None:
        if len(values) == 11:  # dimension, alignment, width, height, depth, mips, format,
            (dimension, alignment, width, height, depth, mips, fmt,  # sampleCount, sampleQuality,
             sample_count, sample_quality, layout, flags) = values   # layout, flags
            super().__init__(dimension, alignment, width, height, depth, mips, fmt,
                             DXGI_SAMPLE_DESC(sample_count, sample_quality), layout, flags)
        else:
            super().__init__(*values, **fields)

    @staticmethod
    def Buffer(width: int, flags: int = D3D12_RESOURCE_FLAGS.NONE, alignment: int = 0) -> "CD3DX12_RESOURCE_DESC":
        return CD3DX12_RESOURCE_DESC(D3D12_RESOURCE_DIMENSION.BUFFER, alignment, width, 1, 1, 1,
                                     DXGI_FORMAT.UNKNOWN, 1, 0, D3D12_TEXTURE_LAYOUT.ROW_MAJOR, flags)


class CD3DX12_RANGE(D3D12_RANGE):
    """`CD3DX12_RANGE(0, 0)`: the empty read range of a write-only Map."""

    def __init__(self, begin: int = 0, end: int = 0) -> None:
        super().__init__(Begin=begin, End=end)


class CD3DX12_RESOURCE_BARRIER:
    """Factory of D3D12_RESOURCE_BARRIERs: `Transition`, `Aliasing`, `UAV` (static, as in d3dx12).

    Not a D3D12_RESOURCE_BARRIER subclass: Python cannot have a field and a method both named UAV.
    """

    @staticmethod
    def Transition(pResource: Any, stateBefore: int, stateAfter: int,
                   subresource: int = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
                   flags: int = D3D12_RESOURCE_BARRIER_FLAGS.NONE) -> D3D12_RESOURCE_BARRIER:
        return D3D12_RESOURCE_BARRIER(
            Type=D3D12_RESOURCE_BARRIER_TYPE.TRANSITION, Flags=flags,
            Transition=D3D12_RESOURCE_TRANSITION_BARRIER(pResource, subresource, stateBefore, stateAfter))

    @staticmethod
    def Aliasing(pResourceBefore: Any, pResourceAfter: Any) -> D3D12_RESOURCE_BARRIER:
        return D3D12_RESOURCE_BARRIER(Type=D3D12_RESOURCE_BARRIER_TYPE.ALIASING,
                                      Aliasing=D3D12_RESOURCE_ALIASING_BARRIER(pResourceBefore, pResourceAfter))

    @staticmethod
    def UAV(pResource: Any) -> D3D12_RESOURCE_BARRIER:
        return D3D12_RESOURCE_BARRIER(Type=D3D12_RESOURCE_BARRIER_TYPE.UAV,
                                      UAV=D3D12_RESOURCE_UAV_BARRIER(pResource))
