"""Every ConvertLinearAlgebraMatrix rule (spec §1.7 and the D3D12 rules around it), one case each:
with the debug layer the call raises naming rule, field and values; without it Close() returns
E_INVALIDARG and the list never runs. Undefined behaviour: the debug layer raises; without it the
call executes as documented and never writes outside a resource."""

import numpy as np
import pytest

from d3d12_harness import COL, E4M3, E5M2, F16, F32, I8, MUL, OUTER, PROFILES, ROW, U8, Gpu, buffer, valid_info
from d3d12api import *  # noqa: F403
from dxlinalg.profile.model import CooperativeVectorTier, DeviceProfile


def set_fields(**changes):
    """A mutation of the valid descriptor: {'DestInfo.DestSize': 24, ...}."""
    def mutate(info, gpu):
        for path, value in changes.items():
            struct_name, field = path.split(".")
            setattr(getattr(info, struct_name), field, value(info, gpu) if callable(value) else value)
    return mutate


def retype(src, dst, dst_layout=MUL, dst_stride=0):
    """Same matrix (8 x 16), other types: the source is re-described, the DestSize re-queried."""
    def mutate(info, gpu):
        info.SrcInfo.SrcDataType, info.SrcInfo.SrcStride = src, 16 * int(ELEMENT[src])
        info.SrcInfo.SrcSize = 8 * 16 * int(ELEMENT[src])
        info.DestInfo.DestDataType, info.DestInfo.DestLayout, info.DestInfo.DestStride = dst, dst_layout, dst_stride
        info.DestInfo.DestSize = 4096
    return mutate


ELEMENT = {F32: 4, F16: 2, E4M3: 1, E5M2: 1, I8: 1, U8: 1, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT16: 2,
           D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32: 4, D3D12_LINEAR_ALGEBRA_DATATYPE_UINT32: 4,
           D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8_T4_PACKED: 4}

INVALID = [
    # (id, rule, mutation, text the message must hold)
    ("dest-va-not-128-aligned", Rule.DEST_VA_ALIGNMENT,
     set_fields(**{"DataDesc.DestVA": lambda info, gpu: info.DataDesc.DestVA + 64}), "DataDesc.DestVA = 0x"),
    ("dest-size-not-multiple-of-16", Rule.DEST_SIZE_GRANULE,
     set_fields(**{"DestInfo.DestSize": lambda info, gpu: info.DestInfo.DestSize + 8}), "DestInfo.DestSize = "),
    ("dest-stride-shorter-than-a-row", Rule.DEST_STRIDE,
     set_fields(**{"DestInfo.DestLayout": ROW, "DestInfo.DestStride": 16}), "DestInfo.DestStride = 16 is shorter"),
    ("dest-stride-not-multiple-of-16", Rule.DEST_STRIDE,
     set_fields(**{"DestInfo.DestLayout": COL, "DestInfo.DestStride": 24}), "DestInfo.DestStride = 24 is not a "
                                                                             "multiple of 16"),
    ("src-stride-shorter-than-a-row", Rule.SRC_STRIDE, set_fields(**{"SrcInfo.SrcStride": 60}),
     "SrcInfo.SrcStride = 60 is shorter than one row (64 bytes"),
    ("src-stride-not-multiple-of-element", Rule.SRC_STRIDE, set_fields(**{"SrcInfo.SrcStride": 66}),
     "SrcInfo.SrcStride = 66 is not a multiple of 4"),
    ("src-type-not-a-matrix-interpretation", Rule.TYPE_SUPPORT,
     retype(D3D12_LINEAR_ALGEBRA_DATATYPE_SINT16, F32),
     "SrcInfo.SrcDataType = SINT16 is not a MatrixInterpretation"),
    ("dest-type-not-a-matrix-interpretation", Rule.TYPE_SUPPORT, retype(F32, D3D12_LINEAR_ALGEBRA_DATATYPE_UINT32),
     "DestInfo.DestDataType = UINT32"),
    ("packed-type", Rule.TYPE_SUPPORT, retype(D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8_T4_PACKED,
                                              D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8_T4_PACKED), "SINT8_T4_PACKED"),
    ("integer-to-float", Rule.TYPE_CHANGE, retype(I8, F32), "SINT8 -> pDesc[0].DestInfo.DestDataType = FLOAT32"),
    ("float-to-integer", Rule.TYPE_CHANGE, retype(F32, I8), "integer types convert only to themselves"),
    ("fp8-to-other-fp8", Rule.TYPE_CHANGE, retype(E4M3, E5M2, MUL), "E4M3 -> pDesc[0].DestInfo.DestDataType = E5M2"),
    ("fp8-destination-row-major", Rule.FP8_LAYOUT, retype(F32, E4M3, ROW, 16), "FP8 destinations need MUL_OPTIMAL"),
    ("fp8-destination-column-major", Rule.FP8_LAYOUT, retype(F16, E5M2, COL, 16), "COLUMN_MAJOR"),
    ("src-size-too-small", Rule.SRC_SIZE, set_fields(**{"SrcInfo.SrcSize": 511}),
     "SrcInfo.SrcSize = 511 is smaller than the 512 bytes"),
    ("optimal-src-size-too-small", Rule.SRC_SIZE, set_fields(**{"SrcInfo.SrcLayout": MUL, "SrcInfo.SrcSize": 16}),
     "SrcInfo.SrcSize = 16"),
    ("dest-layout-value", Rule.LAYOUT_VALUE, set_fields(**{"DestInfo.DestLayout": 4}), "DestInfo.DestLayout = 4"),
    ("src-layout-value", Rule.LAYOUT_VALUE, set_fields(**{"SrcInfo.SrcLayout": -1}), "SrcInfo.SrcLayout = -1"),
    ("datatype-value", Rule.DATATYPE_VALUE, set_fields(**{"SrcInfo.SrcDataType": 7}),
     "SrcInfo.SrcDataType = 7 is not a D3D12_LINEAR_ALGEBRA_DATATYPE"),
    ("zero-rows", Rule.SHAPE, set_fields(**{"DestInfo.NumRows": 0}), "DestInfo.NumRows = 0"),
    ("negative-src-size", Rule.UINT_RANGE, set_fields(**{"SrcInfo.SrcSize": -512}), "SrcInfo.SrcSize = -512"),
]


def record(gpu, info, count=1):
    command_list = gpu.open()
    command_list.ConvertLinearAlgebraMatrix(info, count)
    return command_list


@pytest.mark.parametrize("case", INVALID, ids=[case[0] for case in INVALID])
def test_invalid_usage_raises_with_the_debug_layer(case):
    _, rule, mutate, text = case
    gpu = Gpu()
    info = valid_info(gpu)
    mutate(info, gpu)
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, info)
    assert caught.value.rule == rule
    assert text in caught.value.message and "ConvertLinearAlgebraMatrix: pDesc[0]" in caught.value.message


@pytest.mark.parametrize("case", INVALID, ids=[case[0] for case in INVALID])
def test_invalid_usage_without_the_debug_layer_fails_close_and_never_runs(case):
    _, rule, mutate, _ = case
    gpu = Gpu(debug=False)
    gpu.write(0, np.arange(128, dtype=np.float32))
    info = valid_info(gpu)
    mutate(info, gpu)
    command_list = record(gpu, info)
    assert command_list.Close() == E_INVALIDARG
    assert rule in gpu.device.debug_layer.messages[-1]
    before = gpu.memory.buffer.data.copy()
    gpu.queue.ExecuteCommandLists(1, [command_list])
    assert np.array_equal(gpu.memory.buffer.data, before)


def test_the_valid_descriptor_of_these_tests_is_valid_on_every_profile():
    for name in PROFILES:
        gpu = Gpu(name)
        gpu.run(record(gpu, valid_info(gpu)))


def test_type_support_follows_the_profile_uint8_must_be_float32_on_minimal():
    info_mutation = retype(U8, U8)
    reference, minimal = Gpu("reference"), Gpu("minimal")
    for gpu in (reference, minimal):
        info = valid_info(gpu)
        info_mutation(info, gpu)
        if gpu is reference:
            gpu.run(record(gpu, info))
        else:
            with pytest.raises(D3D12DebugLayerError, match="UINT8 is not a MatrixInterpretation this device "
                                                           "reports, so it must be FLOAT32"):
                record(gpu, info)


def test_float32_is_accepted_everywhere_even_where_no_combination_uses_it():
    gpu = Gpu("minimal")
    assert not any(p.matrix_interpretation == 9 for p in gpu.profile.mul_properties)
    gpu.run(record(gpu, gpu.conversion(8, 16, (F32, ROW, 64), 0, 512, (F32, OUTER, 0), 1 << 16)))


def test_fp32_to_fp16_is_a_valid_type_change():
    gpu = Gpu()
    gpu.run(record(gpu, gpu.conversion(8, 16, (F32, ROW, 64), 0, 512, (F16, ROW, 32), 1 << 16)))


def test_optimal_layouts_ignore_the_stride_whatever_it_is():
    gpu = Gpu()
    info = valid_info(gpu)
    info.DestInfo.DestStride = 12345
    gpu.run(record(gpu, info))


def test_destination_must_allow_unordered_access():
    gpu = Gpu()
    plain = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 1 << 16)
    info = valid_info(gpu)
    info.DataDesc.DestVA = plain.GetGPUVirtualAddress()
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, info)
    assert caught.value.rule == Rule.DEST_RESOURCE_STATE and "ALLOW_UNORDERED_ACCESS" in caught.value.message


def test_source_may_be_an_upload_buffer_but_not_a_readback_buffer():
    gpu = Gpu()
    info = valid_info(gpu)
    info.DataDesc.SrcVA = gpu.upload.GetGPUVirtualAddress()
    gpu.run(record(gpu, info))
    info.DataDesc.SrcVA = gpu.readback.GetGPUVirtualAddress()
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, info)
    assert caught.value.rule == Rule.SRC_RESOURCE_STATE


def test_copy_lists_cannot_convert():
    gpu = Gpu()
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COPY)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COPY, allocator, None)
    with pytest.raises(D3D12DebugLayerError) as caught:
        command_list.ConvertLinearAlgebraMatrix(valid_info(gpu), 1)
    assert caught.value.rule == Rule.COMMAND_LIST_TYPE and "COPY command list" in caught.value.message


def test_compute_lists_convert():
    gpu = Gpu()
    queue = gpu.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_COMPUTE))
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator, None)
    gpu.write(0, np.ones(128, np.float32))
    command_list.ConvertLinearAlgebraMatrix(valid_info(gpu), 1)
    assert command_list.Close() == S_OK
    queue.ExecuteCommandLists(1, [command_list])
    assert gpu.memory.buffer.data[1 << 16:(1 << 16) + 4096].any()


@pytest.mark.parametrize("descs,count", [([], 1), (None, 1), ("one", 2), ("one", -1)])
def test_desc_count_past_the_array_is_rejected(descs, count):
    gpu = Gpu()
    descs = [valid_info(gpu)] if descs == "one" else descs
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, descs, count)
    assert caught.value.rule == Rule.DESC_COUNT


def test_desc_count_below_the_array_converts_the_first_ones():
    gpu = Gpu()
    good, bad = valid_info(gpu), valid_info(gpu)
    bad.DestInfo.DestSize = 8
    command_list = record(gpu, [good, bad], 1)
    assert len(command_list.commands[0].requests) == 1


def test_desc_count_zero_converts_nothing_and_warns():
    gpu = Gpu()
    with pytest.warns(D3D12DebugLayerWarning, match="DescCount = 0 with 1 descriptor"):
        command_list = record(gpu, valid_info(gpu), 0)
    assert command_list.commands == [] and command_list.Close() == S_OK
    assert record(gpu, None, 0).commands == []


def test_descriptors_must_be_conversion_infos():
    gpu = Gpu()
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, [valid_info(gpu).DestInfo], 1)
    assert caught.value.rule == Rule.DESC_TYPE


def test_a_device_without_cooperative_vectors_cannot_convert():
    profile = DeviceProfile(name="none", tier=CooperativeVectorTier.NOT_SUPPORTED, mul_properties=[])
    gpu = Gpu(profile)
    data = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    gpu.device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, data)
    assert data.CooperativeVectorTier == D3D12_COOPERATIVE_VECTOR_TIER_NOT_SUPPORTED
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, valid_info(gpu))
    assert caught.value.rule == Rule.TIER


def test_the_first_broken_rule_spoils_the_whole_list_without_the_debug_layer():
    gpu = Gpu(debug=False)
    command_list = gpu.open()
    bad = valid_info(gpu)
    bad.DestInfo.DestSize = 8
    command_list.ConvertLinearAlgebraMatrix(bad, 1)
    command_list.ConvertLinearAlgebraMatrix(valid_info(gpu), 1)
    assert len(command_list.commands) == 1 and command_list.Close() == E_INVALIDARG
    assert command_list.error.rule == Rule.DEST_SIZE_GRANULE


# --- undefined behaviour ---------------------------------------------------------------------

def test_dest_size_below_the_queried_size_is_reported_by_the_debug_layer():
    gpu = Gpu()
    info = valid_info(gpu)
    info.DestInfo.DestSize -= 16
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, info)
    assert caught.value.rule == Rule.DEST_SIZE_TOO_SMALL
    assert f"DestSize = {info.DestInfo.DestSize} is smaller than the {info.DestInfo.DestSize + 16}" \
        in caught.value.message


@pytest.mark.parametrize("name", PROFILES)
def test_dest_size_too_small_without_the_debug_layer_writes_what_the_layout_needs_but_stays_in_the_resource(name):
    gpu = Gpu(name, debug=False, size=1 << 16)
    matrix = np.random.default_rng(1).standard_normal((16, 16)).astype(np.float32)
    gpu.write(0, matrix)
    queried = gpu.conversion(16, 16, (F32, ROW, 64), 0, 1024, (F16, MUL, 0), 0).DestInfo.DestSize
    start = ((1 << 16) - queried // 2) // 128 * 128  # the layout's bytes run past the end of the buffer
    info = gpu.conversion(16, 16, (F32, ROW, 64), 0, 1024, (F16, MUL, 0), start, dest_size=(1 << 16) - start)
    command_list = record(gpu, info)
    assert command_list.Close() == S_OK
    gpu.queue.ExecuteCommandLists(1, [command_list])
    assert any(Rule.DEST_SIZE_TOO_SMALL in m for m in gpu.device.debug_layer.messages)
    assert gpu.memory.buffer.data.size == 1 << 16  # nothing grew; bytes past the end went nowhere


def test_a_dest_size_below_the_query_overwrites_bytes_after_it_as_hardware_would():
    gpu = Gpu(debug=False)
    matrix = np.ones((16, 16), np.float32)
    gpu.write(0, matrix)
    full = gpu.conversion(16, 16, (F32, ROW, 64), 0, 1024, (F16, ROW, 32), 1 << 16)
    short = gpu.conversion(16, 16, (F32, ROW, 64), 0, 1024, (F16, ROW, 32), 1 << 16, dest_size=256)
    gpu.write(1 << 16, np.zeros(full.DestInfo.DestSize, np.uint8))
    gpu.convert(short)
    written = gpu.read(1 << 16, full.DestInfo.DestSize).view(np.float16)
    assert (written == 1).all()


@pytest.mark.parametrize("which", ["SrcVA", "DestVA"])
def test_addresses_outside_live_resources(which):
    gpu = Gpu()
    info = valid_info(gpu)
    setattr(info.DataDesc, which, gpu.va + gpu.size + 4096)  # in the unmapped gap after the buffer
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, info)
    assert caught.value.rule == (Rule.SRC_MEMORY if which == "SrcVA" else Rule.DEST_MEMORY)
    assert "not inside any live resource" in caught.value.message


def test_a_source_running_past_its_resource_is_skipped_without_the_debug_layer():
    gpu = Gpu(debug=False)
    info = valid_info(gpu)
    info.DataDesc.SrcVA = gpu.va + gpu.size - 256  # 512 bytes needed
    before = gpu.memory.buffer.data.copy()
    command_list = record(gpu, info)
    assert command_list.Close() == S_OK
    gpu.queue.ExecuteCommandLists(1, [command_list])
    assert np.array_equal(gpu.memory.buffer.data, before)
    assert "skipped" in gpu.device.debug_layer.messages[-1]


def seed_overlap(gpu):
    """The seed's literal arithmetic: DestVA = SrcVA + DestSize, with FP32 -> E4M3 (DestSize < SrcSize)."""
    info = gpu.conversion(32, 64, (F32, ROW, 256), 0, 8192, (E4M3, MUL, 0), 0)
    info.DataDesc.DestVA = info.DataDesc.SrcVA + info.DestInfo.DestSize
    return info


def test_overlapping_source_and_destination_are_reported():
    gpu = Gpu()
    with pytest.raises(D3D12DebugLayerError) as caught:
        record(gpu, seed_overlap(gpu))
    assert caught.value.rule == Rule.OVERLAP and "overlaps pDesc[0] source" in caught.value.message


def test_overlap_without_the_debug_layer_reads_the_whole_source_first():
    weights = np.random.default_rng(4).standard_normal((32, 64)).astype(np.float32)
    results = []
    for overlapping in (False, True):
        gpu = Gpu(debug=False)
        gpu.write(0, weights)
        info = seed_overlap(gpu)
        if not overlapping:
            info.DataDesc.DestVA = gpu.va + (1 << 16)
        command_list = record(gpu, info)
        assert command_list.Close() == S_OK
        gpu.queue.ExecuteCommandLists(1, [command_list])
        results.append(gpu.read_at(info.DataDesc.DestVA, info.DestInfo.DestSize))
    assert np.array_equal(*results)


def test_a_destination_may_not_overlap_another_descriptor_of_the_same_call():
    gpu = Gpu()
    first, second = valid_info(gpu), valid_info(gpu)
    second.DataDesc.SrcVA = first.DataDesc.DestVA
    second.SrcInfo.SrcLayout, second.SrcInfo.SrcDataType = MUL, F16
    second.SrcInfo.SrcSize = first.DestInfo.DestSize
    second.DataDesc.DestVA += 1 << 16
    with pytest.raises(D3D12DebugLayerError, match="pDesc\\[0\\] destination .* overlaps pDesc\\[1\\] source"):
        record(gpu, [first, second], 2)


def test_a_resource_released_before_execution_is_caught_at_execution():
    for debug in (True, False):
        gpu = Gpu(debug=debug)
        scratch = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 1 << 16, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
        info = valid_info(gpu)
        info.DataDesc.DestVA = scratch.GetGPUVirtualAddress()
        command_list = record(gpu, info)
        assert command_list.Close() == S_OK
        scratch.Release()
        if debug:
            with pytest.raises(D3D12DebugLayerError, match="released"):
                gpu.queue.ExecuteCommandLists(1, [command_list])
        else:
            gpu.queue.ExecuteCommandLists(1, [command_list])
            assert "skipped" in gpu.device.debug_layer.messages[-1]
