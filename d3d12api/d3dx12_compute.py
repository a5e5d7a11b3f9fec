"""The d3dx12.h helpers of root signatures and shaders, with d3dx12's names and argument order.

    CD3DX12_ROOT_PARAMETER params[2];                       params = [CD3DX12_ROOT_PARAMETER() for _ in range(2)]
    params[0].InitAsShaderResourceView(0);                  params[0].InitAsShaderResourceView(0)
    params[1].InitAsConstants(4, 0);                        params[1].InitAsConstants(4, 0)
    CD3DX12_ROOT_SIGNATURE_DESC desc(2, params);            desc = CD3DX12_ROOT_SIGNATURE_DESC(2, params)

`InitAsDescriptorTable` is left out: descriptor heaps are not emulated.
"""

from __future__ import annotations

from typing import Any

from d3d12api.compute_types import (
    D3D12_ROOT_CONSTANTS,
    D3D12_ROOT_DESCRIPTOR,
    D3D12_ROOT_PARAMETER,
    D3D12_ROOT_PARAMETER_TYPE,
    D3D12_ROOT_SIGNATURE_DESC,
    D3D12_ROOT_SIGNATURE_FLAGS,
    D3D12_SHADER_BYTECODE,
    D3D12_SHADER_VISIBILITY,
)


class CD3DX12_ROOT_PARAMETER(D3D12_ROOT_PARAMETER):
    """A D3D12_ROOT_PARAMETER with d3dx12's `InitAs*` methods (they fill it in place, as in C++)."""

    def InitAsConstants(self, num32BitValues: int, shaderRegister: int, registerSpace: int = 0,
                        visibility: int = D3D12_SHADER_VISIBILITY.ALL) -> None:
        self.ParameterType = D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS
        self.ShaderVisibility = visibility
        self.Constants = D3D12_ROOT_CONSTANTS(shaderRegister, registerSpace, num32BitValues)

    def InitAsConstantBufferView(self, shaderRegister: int, registerSpace: int = 0,
                                 visibility: int = D3D12_SHADER_VISIBILITY.ALL) -> None:
        self._init_as_descriptor(D3D12_ROOT_PARAMETER_TYPE.CBV, shaderRegister, registerSpace, visibility)

    def InitAsShaderResourceView(self, shaderRegister: int, registerSpace: int = 0,
                                 visibility: int = D3D12_SHADER_VISIBILITY.ALL) -> None:
        self._init_as_descriptor(D3D12_ROOT_PARAMETER_TYPE.SRV, shaderRegister, registerSpace, visibility)

    def InitAsUnorderedAccessView(self, shaderRegister: int, registerSpace: int = 0,
                                  visibility: int = D3D12_SHADER_VISIBILITY.ALL) -> None:
        self._init_as_descriptor(D3D12_ROOT_PARAMETER_TYPE.UAV, shaderRegister, registerSpace, visibility)

    def _init_as_descriptor(self, kind: D3D12_ROOT_PARAMETER_TYPE, register: int, space: int, visibility: int) -> None:
        self.ParameterType = kind
        self.ShaderVisibility = visibility
        self.Descriptor = D3D12_ROOT_DESCRIPTOR(register, space)


class CD3DX12_ROOT_SIGNATURE_DESC(D3D12_ROOT_SIGNATURE_DESC):
    """`CD3DX12_ROOT_SIGNATURE_DESC(numParameters, pParameters, numStaticSamplers, pStaticSamplers, flags)`,
    and `Init(...)` with the same arguments."""

    def __init__(self, numParameters: int = 0, _pParameters: Any = None, numStaticSamplers: int = 0,
                 _pStaticSamplers: Any = None, flags: int = D3D12_ROOT_SIGNATURE_FLAGS.NONE) -> None:
        super().__init__(numParameters, _pParameters, numStaticSamplers, _pStaticSamplers, flags)

    def Init(self, numParameters: int, _pParameters: Any, numStaticSamplers: int = 0, _pStaticSamplers: Any = None,
             flags: int = D3D12_ROOT_SIGNATURE_FLAGS.NONE) -> None:
        self.NumParameters, self.pParameters = numParameters, _pParameters
        self.NumStaticSamplers, self.pStaticSamplers = numStaticSamplers, _pStaticSamplers
        self.Flags = flags


class CD3DX12_SHADER_BYTECODE(D3D12_SHADER_BYTECODE):
    """`CD3DX12_SHADER_BYTECODE(shader)`: the Python compute shader stands in for the DXIL blob."""

    def __init__(self, pShaderBytecode: Any = None, bytecodeLength: int = 0) -> None:
        super().__init__(pShaderBytecode, bytecodeLength)
