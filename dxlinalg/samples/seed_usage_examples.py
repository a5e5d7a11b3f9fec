"""The seed's two D3D12 usage examples, ported almost token for token, run on every device profile.

    python -m dxlinalg.samples.seed_usage_examples               # every built-in profile
    python -m dxlinalg.samples.seed_usage_examples nvidia-h100   # one profile (name or .json path)

`check_feature_support` is the seed's "Check Feature Support" example and `convert_matrix` its
"Convert Matrix to desired layout and type" example (seed 003, section "D3D12 API Additions").
The lines between them that the seed leaves out (device, buffers, command list, queue) are
ordinary D3D12 host code, with the barriers 0029 asks for: the source in NON_PIXEL_SHADER_RESOURCE,
the destination in UNORDERED_ACCESS. Where the port differs from the seed, a `# seed:` comment says
why: the feature and struct names are the shipped ones (the seed has "OPTIONSNN ... NN tbd"), the
destination is a buffer of its own (one buffer cannot be in both states), and two of the seed's
lines are bugs that the debug layer reports; `seed_literal_lines` runs them as written and prints
what it says.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from ctypes import c_float

import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.conversions import convert_elements
from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.samples import sample_args


def check_feature_support(d3d12Device: ID3D12Device) -> list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL] | None:
    """The seed's feature check: the tier, then the Mul/MulAdd combinations by the two-call protocol."""
    # Check for matrix vector support and query properties for MatrixVectorMulAdd
    TierSupport = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()  # seed: D3D12_FEATURE_DATA_D3D12_OPTIONSNN

    d3d12Device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, TierSupport,  # seed: ..._OPTIONSNN
                                    sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL))

    if TierSupport.CooperativeVectorTier >= D3D12_COOPERATIVE_VECTOR_TIER_1_0:
        # PropCounts to be filled by driver implementation
        CoopVecProperties = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(0, None, 0, None, 0, None)

        # CheckFeatureSupport returns the number of input combinations for intrinsics
        d3d12Device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, CoopVecProperties,
                                        sizeof(D3D12_FEATURE_DATA_COOPERATIVE_VECTOR))

        # Use MatrixVectorMulAddPropCount returned from the above

        # Use CheckFeatureSupport call to query only MatrixVectorMulAddProperties
        MatrixVectorMulAddPropCount = CoopVecProperties.MatrixVectorMulAddPropCount
        properties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL() for _ in range(MatrixVectorMulAddPropCount)]
        CoopVecProperties.pMatrixVectorMulAddProperties = properties

        # CheckFeatureSupport returns the supported input combinations for the mul intrinsics
        d3d12Device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, CoopVecProperties,
                                        sizeof(D3D12_FEATURE_DATA_COOPERATIVE_VECTOR))

        # Use MatrixVectorMulAdd shader with datatype and interpretation
        # combination matching one of those returned.
        return properties
    else:
        # Don't use Cooperative Vector ops
        return None


def align_up(value: int, alignment: int) -> int:
    return -(-value // alignment) * alignment


def make_info(numRows: int, numColumns: int, srcSize: int, srcVA: int) -> D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO:
    """The seed's `infoDesc` initialiser."""
    infoDesc = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
        # DestInfo
        (
            0,                                               # DestSize to be populated by
                                                             # driver implementation
            D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL,  # convert to mul optimal layout
            0,                                               # stride is ignored since optimal layout
                                                             # is implementation dependent
            numRows,                                         # number of rows in weight matrix to be
                                                             # converted
            numColumns,                                      # number of columns in weight matrix to
                                                             # be converted
            D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3,              # convert to FP8 datatype
        ),

        # SrcInfo
        (
            srcSize,                                         # number of bytes of matrix in source
                                                             # layout and datatype
            D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32,           # convert from float
            D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR,    # convert from row major layout
            (numColumns * sizeof(c_float)),                  # row major stride without padding
        ),

        # DataDesc
        (
            0,                                               # dest buffer address not known yet.
                                                             # Will be intialized after destSize
                                                             # query
            srcVA,                                           # GPU VA of src buffer
        ),
    )
    return infoDesc


def convert_matrix(pD3D12Device: ID3D12Device, pD3D12CommandList: ID3D12GraphicsCommandList, numRows: int,
                   numColumns: int, srcSize: int, srcVA: int,
                   destVA: int) -> D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO:
    """The seed's conversion example: query the size, place the destination, record the conversion."""
    infoDesc = make_info(numRows, numColumns, srcSize, srcVA)

    # Query destSize
    pD3D12Device.GetLinearAlgebraMatrixConversionDestinationInfo(infoDesc.DestInfo)

    # After the size is known, initialize the DestVA. Offset the SrcVA with DestSize to get DestVA
    # (alignment requirements are ignored for simplicity)
    # seed: `srcVA + infoDesc.DestInfo.DestSize`, in the source's buffer. A buffer is in one state at
    # a time and the conversion reads its source in NON_PIXEL_SHADER_RESOURCE but writes its
    # destination in UNORDERED_ACCESS (0029), so the destination is a buffer of its own (sized from
    # DestSize), at a 128-byte aligned VA. The seed's VA also overlaps the FP32 source whenever
    # DestSize < srcSize (always, for FP32 -> FP8) and is not 128-byte aligned on every device.
    infoDesc.DataDesc.DestVA = destVA

    # Perform the conversion
    pD3D12CommandList.ConvertLinearAlgebraMatrix(infoDesc, 1)  # seed: DescCount 0, which converts nothing
    return infoDesc


def seed_literal_lines(device: ID3D12Device, numRows: int, numColumns: int, srcSize: int, srcVA: int) -> str:
    """The seed's last two lines as written, on a scratch command list: what the debug layer says.

    `srcVA` is in a UAV buffer, the seed's one buffer for source and destination; the debug layer
    reports the overlap (or the misaligned DestVA) before the states that one buffer cannot be in."""
    allocator = device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    commandList = device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    infoDesc = make_info(numRows, numColumns, srcSize, srcVA)
    device.GetLinearAlgebraMatrixConversionDestinationInfo(infoDesc.DestInfo)
    infoDesc.DataDesc.DestVA = srcVA + infoDesc.DestInfo.DestSize
    reports = []
    for descCount in (0, 1):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", D3D12DebugLayerWarning)
            try:
                commandList.ConvertLinearAlgebraMatrix(infoDesc, descCount)
                reports.append(f"DescCount={descCount}: recorded {len(commandList.commands)} command(s)")
            except D3D12DebugLayerError as error:
                reports.append(f"DescCount={descCount}: D3D12DebugLayerError [{error.rule}] {error.message}")
        reports += [f"DescCount={descCount}: D3D12DebugLayerWarning {w.message}" for w in caught]
    commandList.Close()
    return "\n".join(reports)


def buffer(device: ID3D12Device, heap_type: int, size: int, flags: int, state: int) -> ID3D12Resource:
    return device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(heap_type), D3D12_HEAP_FLAG_NONE,
                                          CD3DX12_RESOURCE_DESC.Buffer(size, flags), state)


def run(profile: str, numRows: int = 32, numColumns: int = 64) -> bool:
    """Both examples on one device; prints what it found, returns whether the check passed."""
    print(f"=== profile {profile}")
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile)
    properties = check_feature_support(device)
    if properties is None:
        print("cooperative vectors not supported")
        return True
    print(f"{len(properties)} Mul/MulAdd combinations (input, input interp., matrix interp., bias interp., "
          f"output, transpose):")
    for p in properties:
        names = [D3D12_LINEAR_ALGEBRA_DATATYPE(t).name for t in (p.InputType, p.InputInterpretation,
                                                                 p.MatrixInterpretation, p.BiasInterpretation,
                                                                 p.OutputType)]
        print(f"  {' '.join(f'{n:16}' for n in names)}{bool(p.TransposeSupported)}")

    weights = np.random.default_rng(2025).standard_normal((numRows, numColumns)).astype(np.float32) * 64
    srcSize = weights.nbytes
    upload = buffer(device, D3D12_HEAP_TYPE_UPLOAD, srcSize, D3D12_RESOURCE_FLAG_NONE,
                    D3D12_RESOURCE_STATE_GENERIC_READ)
    source = buffer(device, D3D12_HEAP_TYPE_DEFAULT, srcSize, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON)
    matrices = buffer(device, D3D12_HEAP_TYPE_DEFAULT, 2 * align_up(srcSize, 1 << 16),
                      D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON)
    roundTrip = buffer(device, D3D12_HEAP_TYPE_DEFAULT, srcSize, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                       D3D12_RESOURCE_STATE_COMMON)
    readback = buffer(device, D3D12_HEAP_TYPE_READBACK, srcSize, D3D12_RESOURCE_FLAG_NONE,
                      D3D12_RESOURCE_STATE_COPY_DEST)
    for resource, name in ((source, "weights (FP32 row-major)"), (matrices, "matrices (E4M3 MUL_OPTIMAL)"),
                           (roundTrip, "round trip (FP32 row-major)")):
        resource.SetName(name)
    upload.Map(0, CD3DX12_RANGE(0, 0))[:srcSize] = weights.view(np.uint8).reshape(-1)
    upload.Unmap(0, None)
    srcVA = source.GetGPUVirtualAddress()

    queue = device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
    allocator = device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    commandList = device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    commandList.CopyBufferRegion(source, 0, upload, 0, srcSize)  # promotes source from COMMON to COPY_DEST
    commandList.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
        source, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])

    infoDesc = convert_matrix(device, commandList, numRows, numColumns, srcSize, srcVA,
                              matrices.GetGPUVirtualAddress())  # matrices: promoted to UNORDERED_ACCESS
    print(f"FP32 {numRows} x {numColumns} row-major ({srcSize} bytes) -> E4M3 MUL_OPTIMAL: "
          f"DestSize = {infoDesc.DestInfo.DestSize}")

    # Check: convert the optimal matrix back to FP32 row-major and read it back.
    back = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
        (srcSize, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, numColumns * sizeof(c_float), numRows, numColumns,
         D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32),
        (infoDesc.DestInfo.DestSize, D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3,
         D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, 0),
        (roundTrip.GetGPUVirtualAddress(), infoDesc.DataDesc.DestVA))
    device.GetLinearAlgebraMatrixConversionDestinationInfo(back.DestInfo)
    commandList.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(  # written, now read by a conversion
        matrices, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])
    commandList.ConvertLinearAlgebraMatrix([back], 1)
    commandList.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
        roundTrip, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE)])
    commandList.CopyBufferRegion(readback, 0, roundTrip, 0, srcSize)
    ThrowIfFailed(commandList.Close())
    fence = device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
    queue.ExecuteCommandLists(1, [commandList])
    ThrowIfFailed(queue.Signal(fence, 1))
    assert fence.GetCompletedValue() == 1

    result = readback.Map(0, None)[:srcSize].view(np.float32).reshape(numRows, numColumns).copy()
    readback.Unmap(0, CD3DX12_RANGE(0, 0))
    e4m3 = convert_elements(weights, ComponentType.F32, ComponentType.F8_E4M3, device.profile.float_conversion)
    expected = convert_elements(e4m3, ComponentType.F8_E4M3, ComponentType.F32, device.profile.float_conversion)
    ok = bool(np.array_equal(result, expected, equal_nan=True))
    finite = np.isfinite(result)
    print(f"round trip through E4M3 equals the element conversion: {ok}; max |error| on finite values "
          f"{float(np.max(np.abs(result[finite] - weights[finite]))):.3g}, non-finite {int((~finite).sum())} "
          f"(|w| up to {float(np.max(np.abs(weights))):.0f}; E4M3 max is 448)")

    print("the seed's literal `DestVA = srcVA + DestSize` and `ConvertLinearAlgebraMatrix(&infoDesc, 0)`:")
    print("  " + seed_literal_lines(device, numRows, numColumns, srcSize,
                                         matrices.GetGPUVirtualAddress()).replace("\n", "\n  "))
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profiles", nargs="*", type=sample_args.profile, metavar="PROFILE",
                        help="profile names or .json files (default: every built-in profile)")
    profiles = parser.parse_args(argv).profiles or builtin_profile_names()
    results = [run(profile) for profile in profiles]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
