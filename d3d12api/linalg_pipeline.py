"""0035 / RT "Runtime Validation": pipeline creation fails when a shader uses a linear-algebra operation the
device does not report.

RT: the runtime reads the operations, formats, dimensions and scopes a shader lists (PSV0) and "will fail
pipeline creation with a descriptive error indicating which specific capability requirement was not met".
It names no HRESULT; this emulator returns E_INVALIDARG, as every other failed pipeline creation here, and
the debug-layer message names the operation, its types and shape, and the query answer that rules it out.

A shader's list is what `dxlinalg.hlsl.sm610.declaration.linalg_operations_of` gives: the `LinalgOperationUse`
records (dxlinalg.profile.linalg_operations) its `linalg_operations` declares by hand, or else, for a shader that
names the SM 6.10 API, the records its `dx::linalg` calls make when the shader is traced (the emulator's PSV0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d3d12api.enums import D3D_SHADER_MODEL
from d3d12api.hresult import D3D12DebugLayerError
from d3d12api.linalg_features import linalg_support
from dxlinalg.gpu.shader import ComputeShader
from dxlinalg.errors import DxLinalgError
from dxlinalg.hlsl.sm610.declaration import linalg_operations_of
from dxlinalg.profile.linalg_operations import LinalgOperationUse, unsupported_reason

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

LINALG_PIPELINE_RULE = "linear algebra runtime validation"
CITE = "RT Runtime Validation: pipeline creation fails when the device does not report an operation the shader uses"


def check_linalg_operations(device: "ID3D12Device", shader: object, where: str) -> None:
    """Raise D3D12DebugLayerError (rule LINALG_PIPELINE_RULE, E_INVALIDARG) for the first operation of the
    compute shader `shader` (or of an iterable of records) the device does not report; `where` names the caller
    and the shader for the message."""
    uses: object = shader
    if isinstance(shader, ComputeShader):
        try:
            uses = linalg_operations_of(shader, device.profile)
        except Exception as error:  # noqa: BLE001 (any failure of the shader's trace run is reported, not raised)
            what = str(error) if isinstance(error, DxLinalgError) else f"{type(error).__name__}: {error}"
            raise D3D12DebugLayerError(
                f"{where}: deriving the shader's SM 6.10 operation list (one traced thread group) failed: {what}; "
                f"a shader this trace cannot run declares its list with compute_shader(linalg_operations=[...])",
                rule=LINALG_PIPELINE_RULE) from error
    try:
        uses = list(uses)
    except TypeError:
        raise D3D12DebugLayerError(f"{where}: linalg_operations is a {type(uses).__name__}, not an iterable of "
                                   f"LinalgOperationUse records", rule=LINALG_PIPELINE_RULE) from None
    if not uses:
        return
    for index, use in enumerate(uses):
        if not isinstance(use, LinalgOperationUse):
            raise D3D12DebugLayerError(f"{where}: linalg_operations[{index}] is a {type(use).__name__}, not a "
                                       f"LinalgOperationUse", rule=LINALG_PIPELINE_RULE)
    if device.shader_model < D3D_SHADER_MODEL.SHADER_MODEL_6_10:
        raise D3D12DebugLayerError(
            f"{where} uses SM 6.10 linear algebra ({uses[0].describe()}) but the device was created for "
            f"{device.shader_model.name}; create it with shader_model=D3D_SHADER_MODEL_6_10", rule=LINALG_PIPELINE_RULE)
    support = linalg_support(device.profile)
    for use in uses:
        reason = unsupported_reason(support, device.profile.wave_size, use)
        if reason:
            raise D3D12DebugLayerError(
                f"{where} uses {use.describe()}, which the device does not report: {reason} (profile "
                f"{device.profile.name!r}; {CITE})", rule=LINALG_PIPELINE_RULE)
