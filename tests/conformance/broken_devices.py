"""Deliberately broken devices: a real device wrapped through the public D3D12 API only.

Each wrapper forwards every call to the real device and breaks one thing, as a buggy driver would;
the conformance suite must fail them and say where.
"""

from __future__ import annotations

import numpy as np

from d3d12api import (
    CD3DX12_HEAP_PROPERTIES,
    CD3DX12_RANGE,
    CD3DX12_RESOURCE_BARRIER,
    CD3DX12_RESOURCE_DESC,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL,
    D3D12_FEATURE_COOPERATIVE_VECTOR,
    D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
    D3D12_HEAP_FLAG_NONE,
    D3D12_HEAP_TYPE_UPLOAD,
    D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32,
    D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT_E4M3,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR,
    D3D12_RESOURCE_FLAG_NONE,
    D3D12_RESOURCE_STATE_COPY_DEST,
    D3D12_RESOURCE_STATE_GENERIC_READ,
    D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
    D3D_FEATURE_LEVEL_12_0,
    E_INVALIDARG,
    S_OK,
    D3D12CreateDevice,
    sizeof,
)


class Forwarding:
    """Forwards every attribute it does not define to the wrapped object."""

    def __init__(self, inner: object) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


PROPERTY_LISTS = (
    ("MatrixVectorMulAddPropCount", "pMatrixVectorMulAddProperties", D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL),
    ("OuterProductAccumulatePropCount", "pOuterProductAccumulateProperties",
     D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE),
    ("VectorAccumulatePropCount", "pVectorAccumulateProperties", D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE),
)


class EditedPropertiesDevice(Forwarding):
    """CheckFeatureSupport answers with edited property lists, keeping to the query protocol (a NULL
    list gets the count, a list shorter than that gets E_INVALIDARG). `edit` does the breaking."""

    def __init__(self, profile: str) -> None:
        super().__init__(D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile))

    def edit(self, pointer: str, properties: list) -> list:
        return properties

    def _edited(self) -> dict[str, list]:
        full = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
        self._inner.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, full, sizeof(full))
        for count, pointer, struct in PROPERTY_LISTS:
            setattr(full, pointer, [struct() for _ in range(getattr(full, count))])
        self._inner.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, full, sizeof(full))
        return {pointer: self.edit(pointer, list(getattr(full, pointer))) for _, pointer, _ in PROPERTY_LISTS}

    def CheckFeatureSupport(self, feature: int, data: object, size: int | None = None) -> int:  # noqa: N802
        if feature != D3D12_FEATURE_COOPERATIVE_VECTOR:
            return self._inner.CheckFeatureSupport(feature, data, size)
        edited = self._edited()
        for count, pointer, _ in PROPERTY_LISTS:
            requested = getattr(data, pointer)
            if requested is not None and (getattr(data, count) < len(edited[pointer])
                                          or len(requested) < len(edited[pointer])):
                return E_INVALIDARG
        for count, pointer, _ in PROPERTY_LISTS:
            requested = getattr(data, pointer)
            if requested is not None:
                requested[: len(edited[pointer])] = edited[pointer]
            setattr(data, count, len(edited[pointer]))
        return S_OK


def _mul_key(prop: D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL) -> tuple[int, ...]:
    return tuple(int(v) for v in (prop.InputType, prop.InputInterpretation, prop.MatrixInterpretation,
                                  prop.BiasInterpretation, prop.OutputType))


class DroppedCombinationDevice(EditedPropertiesDevice):
    """CheckFeatureSupport leaves one Mul/MulAdd combination out of the list (and the count)."""

    def __init__(self, profile: str, combination: tuple[int, int, int, int, int]) -> None:
        super().__init__(profile)
        self.combination = tuple(int(t) for t in combination)

    def edit(self, pointer: str, properties: list) -> list:
        if pointer != "pMatrixVectorMulAddProperties":
            return properties
        return [p for p in properties if _mul_key(p) != self.combination]


class DuplicateRowsDevice(EditedPropertiesDevice):
    """Lists its first Mul combination a second time with TransposeSupported flipped, and its first
    OuterProductAccumulate pair a second time."""

    def edit(self, pointer: str, properties: list) -> list:
        if pointer == "pMatrixVectorMulAddProperties":
            first = properties[0]
            return properties + [first.model_copy(update={"TransposeSupported": not first.TransposeSupported})]
        if pointer == "pOuterProductAccumulateProperties" and properties:
            return properties + [properties[0].model_copy()]
        return properties


class _TrackingDevice(Forwarding):
    """Remembers every resource it creates, so a command can be aimed at a GPU virtual address."""

    def __init__(self, profile: str) -> None:
        super().__init__(D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile))
        self.resources: list[object] = []

    def CreateCommittedResource(self, *args: object, **kwargs: object) -> object:
        resource = self._inner.CreateCommittedResource(*args, **kwargs)
        self.resources.append(resource)
        return resource

    def resource_at(self, va: int) -> tuple[object, int]:
        for resource in reversed(self.resources):
            start = resource.GetGPUVirtualAddress()
            if start <= va < start + resource.GetDesc().Width:
                return resource, va - start
        raise LookupError(f"no resource holds VA {va:#x}")

    def upload_bytes(self, data: bytes) -> object:
        upload = self._inner.CreateCommittedResource(
            CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_UPLOAD), D3D12_HEAP_FLAG_NONE,
            CD3DX12_RESOURCE_DESC.Buffer(256, D3D12_RESOURCE_FLAG_NONE), D3D12_RESOURCE_STATE_GENERIC_READ, None)
        upload.Map(0, CD3DX12_RANGE(0, 0))[: len(data)] = np.frombuffer(data, np.uint8)
        upload.Unmap(0, None)
        return upload

    def CreateCommandQueue(self, desc: object) -> object:
        return _UnwrappingQueue(self._inner.CreateCommandQueue(desc))

    def CreateCommandList(self, *args: object) -> object:
        return self.wrap_list(self._inner.CreateCommandList(*args))

    def wrap_list(self, command_list: object) -> object:
        return command_list


def overwrite(command_list: object, resource: object, offset: int, poison: object, size: int) -> None:
    """Copy `size` poison bytes over a buffer the last command left in UNORDERED_ACCESS, with the barriers
    a copy needs, so only the values are wrong."""
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
        resource, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_DEST)])
    command_list.CopyBufferRegion(resource, offset, poison, 0, size)
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
        resource, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)])


class _UnwrappingQueue(Forwarding):
    def ExecuteCommandLists(self, count: int, lists: list) -> None:
        self._inner.ExecuteCommandLists(count, [getattr(c, "_inner", c) for c in lists])


POISON_FLOAT32 = 1234.5


class CorruptingConversionDevice(_TrackingDevice):
    """ConvertLinearAlgebraMatrix from MUL_OPTIMAL to FLOAT32 row-major writes a wrong element (0, 0)."""

    def __init__(self, profile: str) -> None:
        super().__init__(profile)
        self.poison = self.upload_bytes(np.float32(POISON_FLOAT32).tobytes())

    def wrap_list(self, command_list: object) -> object:
        return _CorruptingList(command_list, self)


class _CorruptingList(Forwarding):
    def __init__(self, inner: object, device: CorruptingConversionDevice) -> None:
        super().__init__(inner)
        self.device = device

    def ConvertLinearAlgebraMatrix(self, infos: object, count: int) -> None:
        self._inner.ConvertLinearAlgebraMatrix(infos, count)
        for info in (infos if isinstance(infos, list) else [infos])[:count]:
            if (info.SrcInfo.SrcLayout == D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL
                    and info.DestInfo.DestLayout == D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR
                    and info.DestInfo.DestDataType == D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32):
                resource, offset = self.device.resource_at(info.DataDesc.DestVA)
                overwrite(self._inner, resource, offset, self.device.poison, 4)


POISON_HALF_BITS = 0x5555  # FP16 85.3125


class PerturbedDispatchDevice(_TrackingDevice):
    """After every Dispatch, the first two bytes of the root UAV are overwritten."""

    def __init__(self, profile: str) -> None:
        super().__init__(profile)
        self.poison = self.upload_bytes(np.uint16(POISON_HALF_BITS).tobytes())

    def wrap_list(self, command_list: object) -> object:
        return _PerturbingList(command_list, self)


class _PerturbingList(Forwarding):
    def __init__(self, inner: object, device: PerturbedDispatchDevice) -> None:
        super().__init__(inner)
        self.device = device
        self.uav: int | None = None

    def SetComputeRootUnorderedAccessView(self, index: int, va: int) -> None:
        self.uav = va
        self._inner.SetComputeRootUnorderedAccessView(index, va)

    def Dispatch(self, x: int, y: int, z: int) -> None:
        self._inner.Dispatch(x, y, z)
        if self.uav is not None:
            resource, offset = self.device.resource_at(self.uav)
            overwrite(self._inner, resource, offset, self.device.poison, 2)


class TierDevice(Forwarding):
    """Reports another tier than the device's own (tier 1_0 on a device with accumulate properties)."""

    def __init__(self, profile: str, tier: int) -> None:
        super().__init__(D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile))
        self.tier = tier

    def CheckFeatureSupport(self, feature: int, data: object, size: int | None = None) -> int:  # noqa: N802
        hr = self._inner.CheckFeatureSupport(feature, data, size)
        if feature == D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL:
            data.CooperativeVectorTier = self.tier
        return hr


class LenientQueryDevice(Forwarding):
    """Fills a property list shorter than the count instead of returning E_INVALIDARG (0029 step 3)."""

    def __init__(self, profile: str) -> None:
        super().__init__(D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile))

    def CheckFeatureSupport(self, feature: int, data: object, size: int | None = None) -> int:  # noqa: N802
        requested = getattr(data, "pMatrixVectorMulAddProperties", None)
        hr = self._inner.CheckFeatureSupport(feature, data, size)
        if feature != D3D12_FEATURE_COOPERATIVE_VECTOR or requested is None or hr == S_OK:
            return hr
        full = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
        self._inner.CheckFeatureSupport(feature, full, size)
        full.pMatrixVectorMulAddProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL()
                                              for _ in range(full.MatrixVectorMulAddPropCount)]
        self._inner.CheckFeatureSupport(feature, full, size)
        requested[:] = full.pMatrixVectorMulAddProperties[: len(requested)]
        data.MatrixVectorMulAddPropCount = len(requested)
        return S_OK


class RaisingConversionDevice(_TrackingDevice):
    """ConvertLinearAlgebraMatrix to E4M3 raises inside the driver (a scale of 0 in its encoder),
    as a Python device of one's own might: every case that needs an E4M3 matrix fails the same way."""

    def wrap_list(self, command_list: object) -> object:
        return _RaisingList(command_list)


class _RaisingList(Forwarding):
    def ConvertLinearAlgebraMatrix(self, infos: object, count: int) -> None:  # noqa: N802
        for info in (infos if isinstance(infos, list) else [infos])[:count]:
            if info.DestInfo.DestDataType == D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT_E4M3:
                fp8_encoder_scale(info.DestInfo.NumRows, 0)
        self._inner.ConvertLinearAlgebraMatrix(infos, count)


def fp8_encoder_scale(rows: int, amax: int) -> float:
    """The broken driver's helper: it divides by the largest magnitude, which may be 0."""
    return rows / amax


class GarbagePropertiesDevice(EditedPropertiesDevice):
    """Fills its Mul property list with something that is not a property struct."""

    def edit(self, pointer: str, properties: list) -> list:
        return [None] * len(properties) if pointer == "pMatrixVectorMulAddProperties" else properties


class NoFreshListDevice(RaisingConversionDevice):
    """RaisingConversionDevice that can create only one command list, so the fresh list the suite asks
    for after an error cannot be made."""

    def __init__(self, profile: str) -> None:
        super().__init__(profile)
        self.lists = 0

    def CreateCommandList(self, *args: object) -> object:  # noqa: N802
        self.lists += 1
        if self.lists > 1:
            raise RuntimeError("out of command lists")
        return super().CreateCommandList(*args)


class FailingReleaseDevice(_TrackingDevice):
    """Every buffer's Release raises (and counts how often each buffer was released)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.releases: dict[int, int] = {}

    def CreateCommittedResource(self, *args: object, **kwargs: object) -> object:  # noqa: N802
        resource = super().CreateCommittedResource(*args, **kwargs)
        key = len(self.releases)
        self.releases[key] = 0

        def release() -> int:
            self.releases[key] += 1
            return release_with_a_bug()

        resource.Release = release
        return resource


def release_with_a_bug() -> int:
    raise RuntimeError("Release: reference count below zero")
