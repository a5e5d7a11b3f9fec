#version 460
// Structured control flow with per-lane divergence: loops whose trip count differs per lane,
// break and continue, a switch with fallthrough and default, early returns from main and from a
// function, a do-while around a nested loop, calls, and a short-circuit && (an OpPhi).
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpLoopMerge OpSwitch OpPhi
// @local_size 64 1 1
// @binding 0 0 values   readonly  uint[count]: one input per invocation
// @binding 0 1 results  writeonly uint[5 * count]: five results per invocation
// @push_constant 4      uint count
// Dispatch ceil(count / 64) x 1 x 1.
//
// Per invocation i < count, with v = values[i] (invocations i >= count return at once):
//   v == 0:  results[5i .. 5i+4] = 0xDEAD, 0, 0, 0, 0 and return early;
//   else results[5i]   = collatz_steps(v, 1000): steps to reach 1, at most 1000;
//        results[5i+1] = the sum of k in [0, v % 64) with k % 3 != 0;
//        results[5i+2] = classify(v), the switch below;
//        results[5i+3] = nested(v), the do-while below;
//        results[5i+4] = (v > 10 && is_prime(v)) ? 1 : 0, is_prime called only when v > 10.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer Values { uint values[]; };
layout(set = 0, binding = 1) writeonly buffer Results { uint results[]; };
layout(push_constant) uniform Constants { uint count; } pc;

uint collatz_steps(uint n, uint limit) {
    uint steps = 0u;
    while (n != 1u) {                  // divergent trip count
        if (steps == limit) {
            break;
        }
        n = (n & 1u) == 0u ? n / 2u : 3u * n + 1u;
        steps++;
    }
    return steps;
}

uint sum_skipping_multiples_of_3(uint n) {
    uint total = 0u;
    for (uint k = 0u; k < n; ++k) {
        if (k % 3u == 0u) {
            continue;
        }
        total += k;
    }
    return total;
}

uint classify(uint v) {
    uint r = v;
    switch (v % 6u) {
    case 0u:
        return 100u;                   // early return from a function
    case 1u:
    case 2u:
        r = 200u + v;
        break;
    case 3u:
        r = v * 2u;                    // falls through into case 4
    case 4u:
        r += 7u;
        break;
    default:
        r = 0u;
        break;
    }
    return r ^ 0x5Au;
}

uint nested(uint v) {
    uint total = 0u;
    uint a = 0u;
    do {
        for (uint b = 0u; b < 8u; ++b) {
            if (b > a) {
                break;                 // leaves the inner loop only
            }
            total += (a ^ b) + 1u;
        }
        a++;
    } while (a < (v & 7u));
    return total;
}

bool is_prime(uint n) {
    for (uint d = 2u; d * d <= n; ++d) {
        if (n % d == 0u) {
            return false;              // early return from inside a loop
        }
    }
    return n >= 2u;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) {
        return;
    }
    uint v = values[i];
    if (v == 0u) {
        for (uint k = 0u; k < 5u; ++k) {
            results[5u * i + k] = k == 0u ? 0xDEADu : 0u;
        }
        return;
    }
    results[5u * i] = collatz_steps(v, 1000u);
    results[5u * i + 1u] = sum_skipping_multiples_of_3(v % 64u);
    results[5u * i + 2u] = classify(v);
    results[5u * i + 3u] = nested(v);
    results[5u * i + 4u] = (v > 10u && is_prime(v)) ? 1u : 0u;
}
