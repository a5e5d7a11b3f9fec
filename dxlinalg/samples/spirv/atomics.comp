#version 460
// Atomics on storage-buffer and workgroup memory. Every result is independent of the order in
// which invocations run, so an executor's output can be compared exactly.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpAtomicIAdd OpAtomicCompareExchange OpAtomicExchange OpControlBarrier
// @local_size 64 1 1
// @binding 0 0 values    readonly uint[count]
// @binding 0 1 counters  the Counters struct below (108 bytes), initialised by the host
// @push_constant 4       uint count
// Dispatch ceil(count / 64) x 1 x 1.
//
// For every i < count with v = values[i]:
//   histogram[v & 15] += 1, total += v (wrapping), minimum = min(minimum, int(v) - 1000),
//   maximum = max(maximum, int(v) - 1000), bits |= 1 << (v & 31), mask &= ~(1 << (v & 31)),
//   parity ^= v;
//   old = exchange(slot, i); exchanged ^= old   (so exchanged ^ slot == initial slot ^ xor of all i);
//   compare-exchange(flag, 0, i + 1) succeeds for exactly one invocation, which adds 1 to winners;
//   each workgroup counts its invocations in a shared counter (atomicAdd on Workgroup memory)
//   and invocation 0 adds that count to groups_seen.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer Values { uint values[]; };
layout(set = 0, binding = 1) buffer Counters {
    uint histogram[16];   // offset 0
    uint total;           // 64
    int minimum;          // 68
    int maximum;          // 72
    uint bits;            // 76
    uint mask;            // 80
    uint parity;          // 84
    uint slot;            // 88
    uint exchanged;       // 92
    uint flag;            // 96
    uint winners;         // 100
    uint groups_seen;     // 104
} counters;
layout(push_constant) uniform Constants { uint count; } pc;

shared uint group_count;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (gl_LocalInvocationIndex == 0u) {
        group_count = 0u;
    }
    barrier();
    if (i < pc.count) {
        uint v = values[i];
        atomicAdd(counters.histogram[v & 15u], 1u);
        atomicAdd(counters.total, v);
        atomicMin(counters.minimum, int(v) - 1000);
        atomicMax(counters.maximum, int(v) - 1000);
        atomicOr(counters.bits, 1u << (v & 31u));
        atomicAnd(counters.mask, ~(1u << (v & 31u)));
        atomicXor(counters.parity, v);
        uint old = atomicExchange(counters.slot, i);
        atomicXor(counters.exchanged, old);
        if (atomicCompSwap(counters.flag, 0u, i + 1u) == 0u) {
            atomicAdd(counters.winners, 1u);
        }
        atomicAdd(group_count, 1u);
    }
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        atomicAdd(counters.groups_seen, group_count);
    }
}
