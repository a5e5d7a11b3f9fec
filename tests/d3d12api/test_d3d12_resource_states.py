"""Resource states and barriers, as D3D12's debug layer checks them: each hazard is reported (naming the
resource, the command and both states) and the correct pattern runs. Buffers start in COMMON, are
promoted at first use, decay to COMMON after every ExecuteCommandLists; 0029 puts a conversion's
source in NON_PIXEL_SHADER_RESOURCE and its destination in UNORDERED_ACCESS."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d3d12_harness import F16, F32, MUL, ROW, buffer
from d3d12api import *  # noqa: F403
from dxlinalg.hlsl import ByteAddressBuffer, RWByteAddressBuffer, SV_DispatchThreadID, compute_shader, uint32_t

UAV = D3D12_RESOURCE_STATE_UNORDERED_ACCESS
SRV = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE
COPY_SOURCE, COPY_DEST, COMMON = D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON
ROWS, COLS = 8, 16
SIZE = 1 << 16


@compute_shader(numthreads=(64, 1, 1))
def double_words(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    dst.Store[uint32_t](tid * 4, src.Load[uint32_t](tid * 4) * 2)


@compute_shader(numthreads=(64, 1, 1))
def increment_words(data=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    data.Store[uint32_t](tid * 4, data.Load[uint32_t](tid * 4) + 1)


class States:
    """A device with named buffers: `upload` (GENERIC_READ), `source` (DEFAULT), `a` and `b` (DEFAULT,
    UAV-capable), `readback`; the two pipelines above; one list at a time."""

    def __init__(self, debug: bool = True) -> None:
        self.device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile="reference", debug=debug)
        self.upload = buffer(self.device, D3D12_HEAP_TYPE_UPLOAD, SIZE)
        self.source = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, SIZE)
        self.a = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, SIZE, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
        self.b = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, SIZE, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
        self.readback = buffer(self.device, D3D12_HEAP_TYPE_READBACK, SIZE)
        for name in ("upload", "source", "a", "b", "readback"):
            getattr(self, name).SetName(name)
        self.queue = self.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
        self.allocator = self.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
        self.list = self.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, self.allocator, None)
        self.list.SetName("test list")
        self.pipelines = {}
        for shader, registers in ((double_words, ("t", "u")), (increment_words, ("u",))):
            params = [CD3DX12_ROOT_PARAMETER() for _ in registers]
            for parameter, register in zip(params, registers):
                if register == "t":
                    parameter.InitAsShaderResourceView(0)
                else:
                    parameter.InitAsUnorderedAccessView(0)
            root = self.device.CreateRootSignature(0, CD3DX12_ROOT_SIGNATURE_DESC(len(params), params))
            pso = self.device.CreateComputePipelineState(D3D12_COMPUTE_PIPELINE_STATE_DESC(
                pRootSignature=root, CS=CD3DX12_SHADER_BYTECODE(shader)))
            self.pipelines[shader.name] = (root, pso)
        self.upload.Map(0, None)[:] = np.arange(SIZE // 4, dtype=np.float32).view(np.uint8)  # a matrix to convert
        self.upload.Unmap(0, None)
        self.doubled = np.arange(64, dtype=np.float32).view(np.uint32) * np.uint32(2)  # double_words of upload

    def new_list(self) -> ID3D12GraphicsCommandList:
        if self.list.state.value == "recording":
            self.list.Close()
        assert self.allocator.Reset() == S_OK and self.list.Reset(self.allocator, None) == S_OK
        return self.list

    def execute(self, *lists: ID3D12GraphicsCommandList) -> None:
        for command_list in lists:
            ThrowIfFailed(command_list.Close())
        self.queue.ExecuteCommandLists(len(lists), list(lists))

    def convert(self, command_list, src, dest, src_offset=0, dest_offset=0) -> None:
        """FP32 8 x 16 row-major at src + src_offset -> FP16 MUL_OPTIMAL at dest + dest_offset."""
        info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
            (0, MUL, 0, ROWS, COLS, F16), (ROWS * COLS * 4, F32, ROW, COLS * 4),
            (dest.GetGPUVirtualAddress() + dest_offset, src.GetGPUVirtualAddress() + src_offset))
        self.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
        command_list.ConvertLinearAlgebraMatrix(info, 1)

    def double(self, command_list, src, dst) -> None:
        """Dispatch: dst (root UAV) = 2 * src (root SRV), 64 words."""
        root, pso = self.pipelines["double_words"]
        command_list.SetPipelineState(pso)
        command_list.SetComputeRootSignature(root)
        command_list.SetComputeRootShaderResourceView(0, src.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(1, dst.GetGPUVirtualAddress())
        command_list.Dispatch(1, 1, 1)

    def increment(self, command_list, data) -> None:
        """Dispatch: data (root UAV) += 1, 64 words."""
        root, pso = self.pipelines["increment_words"]
        command_list.SetPipelineState(pso)
        command_list.SetComputeRootSignature(root)
        command_list.SetComputeRootUnorderedAccessView(0, data.GetGPUVirtualAddress())
        command_list.Dispatch(1, 1, 1)

    def transition(self, command_list, resource, before, after) -> None:
        command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(resource, before, after)])

    def uav_barrier(self, command_list, resource) -> None:
        command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.UAV(resource)])

    def words(self, resource, count: int = 64) -> np.ndarray:
        command_list = self.new_list()
        command_list.CopyBufferRegion(self.readback, 0, resource, 0, count * 4)
        self.execute(command_list)
        data = self.readback.Map(0, None)[: count * 4].view(np.uint32).copy()
        self.readback.Unmap(0, CD3DX12_RANGE(0, 0))
        return data


@pytest.fixture
def gpu():
    return States()


def raises(rule: str, *texts: str):
    """pytest.raises for a debug-layer error of `rule` whose message holds every text."""
    class Check:
        def __enter__(self):
            self.context = pytest.raises(D3D12DebugLayerError)
            self.caught = self.context.__enter__()
            return self.caught

        def __exit__(self, *exc):
            swallowed = self.context.__exit__(*exc)
            assert self.caught.value.rule == rule, self.caught.value
            for text in texts:
                assert text in self.caught.value.message, (text, self.caught.value.message)
            return swallowed
    return Check()


# --- write then read with no barrier between ---------------------------------------------------------

def test_conversion_then_dispatch_reading_the_destination_as_an_srv_needs_a_transition(gpu):
    command_list = gpu.new_list()
    gpu.convert(command_list, gpu.upload, gpu.a)
    with raises(StateRule.INVALID_STATE, "Dispatch: Resource state (0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS) of "
                                         "resource 'a'", "the root SRV of root parameter [0]",
                "Expected State Bits (all): 0x40: D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE",
                "promoted from COMMON by ConvertLinearAlgebraMatrix, command 0 of 'test list'"):
        gpu.double(command_list, gpu.a, gpu.b)
    gpu.transition(command_list, gpu.a, UAV, SRV)   # the correct pattern, on the same list
    gpu.double(command_list, gpu.a, gpu.b)
    gpu.execute(command_list)
    assert gpu.words(gpu.b).any() and np.array_equal(gpu.words(gpu.b), gpu.words(gpu.a) * np.uint32(2))


def test_conversion_then_dispatch_on_the_destination_as_a_uav_needs_a_uav_barrier(gpu):
    command_list = gpu.new_list()
    gpu.convert(command_list, gpu.upload, gpu.a)
    with raises(StateRule.UAV_HAZARD, "Dispatch: resource 'a'", "the root UAV of root parameter [0]",
                "UNORDERED_ACCESS write of ConvertLinearAlgebraMatrix, command 0", "UAV barrier"):
        gpu.increment(command_list, gpu.a)
    gpu.uav_barrier(command_list, gpu.a)
    gpu.increment(command_list, gpu.a)
    gpu.execute(command_list)


def test_dispatch_then_dispatch_on_one_uav_needs_a_uav_barrier(gpu):
    command_list = gpu.new_list()
    gpu.increment(command_list, gpu.a)
    with raises(StateRule.UAV_HAZARD, "resource 'a'", "write of Dispatch, command 0"):
        gpu.increment(command_list, gpu.a)
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.UAV(None)])  # None: every UAV
    gpu.increment(command_list, gpu.a)
    gpu.execute(command_list)
    assert (gpu.words(gpu.a) == 2).all()


def test_dispatch_then_copy_of_the_uav_needs_a_transition(gpu):
    command_list = gpu.new_list()
    gpu.double(command_list, gpu.upload, gpu.a)
    with raises(StateRule.INVALID_STATE, "CopyBufferRegion: Resource state (0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS) "
                                         "of resource 'a'", "the copy source (pSrcBuffer)",
                "Missing State: 0x800: D3D12_RESOURCE_STATE_COPY_SOURCE",
                "Transition(resource, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE)"):
        command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 256)
    gpu.transition(command_list, gpu.a, UAV, COPY_SOURCE)
    command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 256)
    gpu.execute(command_list)
    assert np.array_equal(gpu.readback.Map(0, None)[:256].view(np.uint32), gpu.doubled)


def test_disjoint_conversion_destinations_in_one_buffer_need_no_barrier_overlapping_ones_do(gpu):
    command_list = gpu.new_list()
    gpu.convert(command_list, gpu.upload, gpu.a)
    gpu.convert(command_list, gpu.upload, gpu.a, dest_offset=4096)
    with raises(StateRule.UAV_HAZARD, "the destination of pDesc[0]", "bytes [0, "):
        gpu.convert(command_list, gpu.upload, gpu.a, dest_offset=128)
    gpu.execute(command_list)


def test_an_aliasing_barrier_orders_the_writes_of_its_buffers(gpu):
    command_list = gpu.new_list()
    gpu.increment(command_list, gpu.a)
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Aliasing(None, gpu.a)])
    gpu.increment(command_list, gpu.a)
    command_list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Aliasing(gpu.b, None)])  # not a
    with raises(StateRule.UAV_HAZARD, "resource 'a'"):
        gpu.increment(command_list, gpu.a)


# --- transitions -------------------------------------------------------------------------------------

def test_a_state_before_that_is_not_the_state_in_the_list_is_reported_at_the_barrier(gpu):
    command_list = gpu.new_list()
    gpu.convert(command_list, gpu.upload, gpu.a)
    with raises(StateRule.BEFORE_MISMATCH, "ResourceBarrier: pBarriers[0]: Before state (0x400: "
                                           "D3D12_RESOURCE_STATE_COPY_DEST) of resource 'a' (subresource: 0) specified "
                                           "by transition barrier does not match with the current resource state "
                                           "(0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS)"):
        gpu.transition(command_list, gpu.a, COPY_DEST, SRV)
    gpu.transition(command_list, gpu.a, UAV, SRV)  # the rejected barrier left no trace: a is still in UAV
    gpu.double(command_list, gpu.a, gpu.b)
    gpu.execute(command_list)


def test_a_state_before_at_first_use_is_checked_at_execute_against_common(gpu):
    command_list = gpu.new_list()
    gpu.transition(command_list, gpu.a, UAV, COPY_SOURCE)  # unknown while recording: another list may set UAV
    command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 16)
    gpu.readback.Map(0, None)[:16] = 7
    with raises(StateRule.BEFORE_MISMATCH, "ExecuteCommandLists: command list 'test list', command 0 (ResourceBarrier)",
                "does not match with the current resource state (0x0: D3D12_RESOURCE_STATE_[COMMON|PRESENT])",
                "assumed at first use"):
        gpu.execute(command_list)
    assert (gpu.readback.Map(0, None)[:16] == 7).all(), "nothing of the call ran"


def test_a_list_may_start_from_the_state_an_earlier_list_of_the_same_call_left(gpu):
    first, second = gpu.list, gpu.device.CreateCommandList(
        0, D3D12_COMMAND_LIST_TYPE_DIRECT, gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT), None)
    second.SetName("second")
    gpu.new_list()
    gpu.double(first, gpu.upload, gpu.a)
    gpu.transition(second, gpu.a, UAV, COPY_SOURCE)
    second.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 256)
    gpu.execute(first, second)
    assert np.array_equal(gpu.readback.Map(0, None)[:256].view(np.uint32), gpu.doubled)
    with raises(StateRule.BEFORE_MISMATCH, "command list 'second', command 0", "[COMMON|PRESENT]"):
        gpu.queue.ExecuteCommandLists(1, [second])  # alone, later: a decayed to COMMON after the last call


def test_buffers_decay_to_common_after_every_execute(gpu):
    command_list = gpu.new_list()
    gpu.transition(command_list, gpu.a, COMMON, UAV)
    gpu.execute(command_list)
    command_list = gpu.new_list()
    gpu.transition(command_list, gpu.a, COMMON, SRV)  # not UAV: the state did not outlive the call
    gpu.double(command_list, gpu.a, gpu.b)
    gpu.execute(command_list)


def test_a_conversion_destination_not_in_unordered_access_is_reported(gpu):
    command_list = gpu.new_list()
    gpu.transition(command_list, gpu.a, COMMON, SRV)
    with raises(StateRule.INVALID_STATE, "ConvertLinearAlgebraMatrix: Resource state (0x40: "
                                         "D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE) of resource 'a'",
                "the destination of pDesc[0] (0029", "set by pBarriers[0] of ResourceBarrier, command 0"):
        gpu.convert(command_list, gpu.upload, gpu.a)


def test_a_uav_bound_buffer_in_non_pixel_shader_resource_is_reported(gpu):
    command_list = gpu.new_list()
    gpu.transition(command_list, gpu.a, COMMON, SRV)
    with raises(StateRule.INVALID_STATE, "Dispatch: Resource state (0x40: D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)",
                "the root UAV of root parameter [0]"):
        gpu.increment(command_list, gpu.a)


def test_a_buffer_first_read_cannot_then_be_written_without_a_transition(gpu):
    command_list = gpu.new_list()
    gpu.double(command_list, gpu.a, gpu.b)          # a: promoted to NON_PIXEL_SHADER_RESOURCE
    with raises(StateRule.INVALID_STATE, "of resource 'a'", "or a read state holding it", "the root UAV"):
        gpu.increment(command_list, gpu.a)
    gpu.transition(command_list, gpu.a, SRV, UAV)
    gpu.increment(command_list, gpu.a)
    gpu.execute(command_list)


def test_promoted_read_states_combine_explicit_ones_do_not(gpu):
    command_list = gpu.new_list()
    gpu.double(command_list, gpu.a, gpu.b)                    # a: COMMON -> NON_PIXEL_SHADER_RESOURCE (promoted)
    command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 16)  # ... and COPY_SOURCE as well
    gpu.execute(command_list)
    command_list = gpu.new_list()
    gpu.transition(command_list, gpu.a, COMMON, SRV)          # explicit: no further promotion
    with raises(StateRule.INVALID_STATE, "Missing State: 0x800: D3D12_RESOURCE_STATE_COPY_SOURCE"):
        command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 16)


def test_a_read_only_combination_is_a_valid_transition(gpu):
    command_list = gpu.new_list()
    both = SRV | COPY_SOURCE
    gpu.transition(command_list, gpu.a, COMMON, both)
    gpu.double(command_list, gpu.a, gpu.b)
    command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 16)
    gpu.transition(command_list, gpu.a, both, COMMON)
    gpu.execute(command_list)


# --- the states a conversion needs (0029: source NON_PIXEL_SHADER_RESOURCE, destination UNORDERED_ACCESS)

def test_a_conversion_source_is_read_in_non_pixel_shader_resource_not_unordered_access(gpu):
    command_list = gpu.new_list()
    gpu.double(command_list, gpu.upload, gpu.b)                # b: UNORDERED_ACCESS
    gpu.uav_barrier(command_list, gpu.b)
    with raises(StateRule.INVALID_STATE, "Resource state (0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS) of resource 'b'",
                "the source of pDesc[0] (0029 CommandList interactions: the source buffer is in "
                "NON_PIXEL_SHADER_RESOURCE"):
        gpu.convert(command_list, gpu.b, gpu.a)
    gpu.transition(command_list, gpu.b, UAV, SRV)
    gpu.convert(command_list, gpu.b, gpu.a)
    gpu.execute(command_list)


def test_a_source_copied_in_then_transitioned_converts(gpu):
    command_list = gpu.new_list()
    command_list.CopyBufferRegion(gpu.source, 0, gpu.upload, 0, ROWS * COLS * 4)  # COMMON -> COPY_DEST
    gpu.transition(command_list, gpu.source, COPY_DEST, SRV)
    gpu.convert(command_list, gpu.source, gpu.a)
    gpu.execute(command_list)


def test_a_source_in_an_upload_buffer_needs_no_barrier(gpu):
    command_list = gpu.new_list()
    gpu.convert(command_list, gpu.upload, gpu.a)  # GENERIC_READ holds NON_PIXEL_SHADER_RESOURCE
    gpu.execute(command_list)


def test_source_and_destination_in_one_buffer_is_reported(gpu):
    with raises(StateRule.CONFLICT, "resource 'a' (subresource: 0) would have to be in several states at once",
                "the source of pDesc[0] (D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)",
                "the destination of pDesc[0] (D3D12_RESOURCE_STATE_UNORDERED_ACCESS)", "separate buffers"):
        gpu.convert(gpu.new_list(), gpu.a, gpu.a, dest_offset=4096)


def test_one_buffer_as_srv_and_uav_of_one_dispatch_is_reported(gpu):
    with raises(StateRule.CONFLICT, "Dispatch: resource 'a'"):
        gpu.double(gpu.new_list(), gpu.a, gpu.a)


# --- nonsense barriers ---------------------------------------------------------------------------------

def transition_barrier(resource, before, after, flags=D3D12_RESOURCE_BARRIER_FLAG_NONE):
    return CD3DX12_RESOURCE_BARRIER.Transition(resource, before, after, flags=flags)


NONSENSE = [
    ("write-state-combined", lambda g: transition_barrier(g.a, COMMON, UAV | SRV), "combines a write state"),
    ("uav-state-without-the-flag", lambda g: transition_barrier(g.source, COMMON, UAV),
     "not created with D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS"),
    ("render-target-buffer", lambda g: transition_barrier(g.a, COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET),
     "buffers cannot have"),
    ("depth-read-buffer", lambda g: transition_barrier(g.a, D3D12_RESOURCE_STATE_DEPTH_READ, COMMON),
     "ALLOW_DEPTH_STENCIL"),
    ("acceleration-structure", lambda g: transition_barrier(
        g.a, COMMON, D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE), "not emulated"),
    ("begin-and-end", lambda g: transition_barrier(g.a, COMMON, UAV, D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY
                                                   | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY), "is not NONE, BEGIN_ONLY or END_ONLY"),
    ("split-uav-barrier", lambda g: D3D12_RESOURCE_BARRIER(Type=D3D12_RESOURCE_BARRIER_TYPE_UAV,
                                                           Flags=D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY),
     "only transition barriers may be split"),
    ("aliasing-not-a-resource", lambda g: CD3DX12_RESOURCE_BARRIER.Aliasing("a", None),
     "Aliasing.pResourceBefore must be a resource or None"),
    ("uav-not-a-resource", lambda g: CD3DX12_RESOURCE_BARRIER.UAV(42), "UAV.pResource must be a resource or None"),
]


@pytest.mark.parametrize("case", NONSENSE, ids=[c[0] for c in NONSENSE])
def test_nonsense_barriers_are_rejected(gpu, case):
    _, make, text = case
    with raises("resource barrier", text):
        gpu.new_list().ResourceBarrier(1, [make(gpu)])


def test_a_barrier_on_a_released_resource_is_rejected(gpu):
    scratch = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    scratch.Release()
    with raises("resource barrier", "has been released"):
        gpu.new_list().ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.UAV(scratch)])


def test_nonsense_without_the_debug_layer_spoils_the_list():
    gpu = States(debug=False)
    command_list = gpu.new_list()
    command_list.ResourceBarrier(1, [transition_barrier(gpu.a, COMMON, UAV | SRV)])
    assert command_list.Close() == E_INVALIDARG


def test_split_transitions_begin_and_end_in_one_list(gpu):
    begin = transition_barrier(gpu.a, COMMON, UAV, D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY)
    end = transition_barrier(gpu.a, COMMON, UAV, D3D12_RESOURCE_BARRIER_FLAG_END_ONLY)
    command_list = gpu.new_list()
    command_list.ResourceBarrier(1, [begin])
    with raises(StateRule.SPLIT_BARRIER, "inside a split transition"):
        gpu.increment(command_list, gpu.a)
    command_list.ResourceBarrier(1, [end])
    gpu.increment(command_list, gpu.a)
    gpu.execute(command_list)
    with raises(StateRule.SPLIT_BARRIER, "no split transition was begun"):
        gpu.new_list().ResourceBarrier(1, [end])


# --- creation, and the layer switched off --------------------------------------------------------------

def test_default_buffers_start_in_common_whatever_the_initial_state_says(gpu):
    with pytest.warns(D3D12DebugLayerWarning, match="CREATERESOURCE_STATE_IGNORED.*Ignoring InitialState "
                                                     "D3D12_RESOURCE_STATE_UNORDERED_ACCESS"):
        created = buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, UAV)
    command_list = gpu.new_list()
    gpu.transition(command_list, created, UAV, SRV)
    with raises(StateRule.BEFORE_MISMATCH, "[COMMON|PRESENT]"):
        gpu.execute(command_list)


@pytest.mark.parametrize("state,flags,text", [
    (UAV, D3D12_RESOURCE_FLAG_NONE, "ALLOW_UNORDERED_ACCESS"),
    (COPY_DEST | SRV, D3D12_RESOURCE_FLAG_NONE, "combines a write state"),
])
def test_an_initial_state_no_buffer_can_be_in_is_rejected(gpu, state, flags, text):
    with pytest.raises(D3D12Error, match=text):
        buffer(gpu.device, D3D12_HEAP_TYPE_DEFAULT, 256, flags, state)


def test_without_the_debug_layer_state_problems_are_logged_and_the_list_still_runs():
    gpu = States(debug=False)
    command_list = gpu.new_list()
    gpu.double(command_list, gpu.upload, gpu.a)
    command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 256)      # no transition
    gpu.transition(command_list, gpu.b, UAV, SRV)                     # b is in COMMON
    assert command_list.Close() == S_OK
    gpu.queue.ExecuteCommandLists(1, [command_list])
    rules = [m.split("]")[0] for m in gpu.device.debug_layer.messages]
    assert rules == [f"ERROR [{StateRule.INVALID_STATE}", f"ERROR [{StateRule.BEFORE_MISMATCH}"]
    assert np.array_equal(gpu.readback.Map(0, None)[:256].view(np.uint32), gpu.doubled)


# --- the tracker against a literal model (one list, executed alone, every buffer starting in COMMON) ---

STATES_DRAWN = [COMMON, UAV, SRV, COPY_SOURCE, COPY_DEST, SRV | COPY_SOURCE]
OPS = ["convert-into", "read-srv", "write-uav", "copy-from", "copy-into", "uav-barrier", "transition"]


def literal_errors(ops: list[tuple]) -> set[tuple[int, str]]:
    """(op index, rule) of every problem, from D3D12's rules applied to exact states, one event at a time."""
    state, promoted, unordered_write, errors = int(COMMON), False, False, set()
    for index, (op, before, after) in enumerate(ops):
        if op == "transition":
            if before != state:
                errors.add((index, StateRule.BEFORE_MISMATCH))
            state, promoted, unordered_write = after, False, False
            continue
        if op == "uav-barrier":
            unordered_write = False
            continue
        needed = {"convert-into": UAV, "write-uav": UAV, "read-srv": SRV, "copy-from": COPY_SOURCE,
                  "copy-into": COPY_DEST}[op]
        read_only = not needed & (UAV | COPY_DEST)
        if needed & ~state == 0:
            pass
        elif state == COMMON:
            state, promoted = int(needed), True
        elif promoted and read_only and not state & (UAV | COPY_DEST):
            state |= needed
        else:
            errors.add((index, StateRule.INVALID_STATE))  # a use in the wrong state changes nothing
            continue
        if unordered_write and needed == UAV:
            errors.add((index, StateRule.UAV_HAZARD))
        unordered_write |= needed == UAV
    return errors


def reported_errors(gpu: States, ops: list[tuple]) -> set[tuple[int, str]]:
    """(op index, rule) of what the debug layer (switched off, so it logs) says at recording and execution."""
    command_list = gpu.new_list()
    log = gpu.device.debug_layer.messages
    log.clear()
    found = set()
    for index, (op, before, after) in enumerate(ops):
        count = len(log)
        if op == "convert-into":
            gpu.convert(command_list, gpu.upload, gpu.a)
        elif op == "read-srv":
            gpu.double(command_list, gpu.a, gpu.b)
            gpu.uav_barrier(command_list, gpu.b)
        elif op == "write-uav":
            gpu.increment(command_list, gpu.a)
        elif op == "copy-from":
            command_list.CopyBufferRegion(gpu.readback, 0, gpu.a, 0, 16)
        elif op == "copy-into":
            command_list.CopyBufferRegion(gpu.a, 0, gpu.upload, 0, 16)
        elif op == "uav-barrier":
            gpu.uav_barrier(command_list, gpu.a)
        else:
            gpu.transition(command_list, gpu.a, before, after)
        found |= {(index, m.split("]")[0].removeprefix("ERROR [")) for m in log[count:]}
    count = len(log)
    assert command_list.Close() == S_OK
    gpu.queue.ExecuteCommandLists(1, [command_list])
    for message in log[count:]:
        command = int(re.search(r"command (\d+) \(", message).group(1))
        found.add((_op_of_command(ops, command), message.split("]")[0].removeprefix("ERROR [")))
    return found


def _op_of_command(ops: list[tuple], command: int) -> int:
    """The op that recorded command `command` (read-srv records two: a Dispatch and a UAV barrier)."""
    position = 0
    for index, (op, _, _) in enumerate(ops):
        position += 2 if op == "read-srv" else 1
        if command < position:
            return index
    raise AssertionError(f"no op recorded command {command}")


op_strategy = st.tuples(st.sampled_from(OPS), st.sampled_from(STATES_DRAWN), st.sampled_from(STATES_DRAWN)).filter(
    lambda op: op[0] != "transition" or op[1] != op[2])


LOGGING = States(debug=False)


@settings(max_examples=40, deadline=None)
@given(ops=st.lists(op_strategy, min_size=1, max_size=7))
def test_recording_and_execution_together_report_what_the_literal_model_reports(ops):
    assert reported_errors(LOGGING, ops) == literal_errors(ops)
