#version 450
// Divergence inside loops: per-lane trip counts, break, continue, early return, switch with
// fall-through, a do-while, and non-inlined functions with inout parameters and early returns.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Inputs { int values[]; };
layout(set = 0, binding = 1) buffer Outputs { int results[]; };

int collatz_steps(int n) {
    int steps = 0;
    while (n != 1) {
        if (steps >= 60) return -steps;          // early return from inside a loop
        n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
        steps++;
    }
    return steps;
}

void accumulate(inout int total, int value) {
    if (value < 0) { total -= 1; return; }
    total += value;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    int v = values[i];
    if (v == 0) { results[i] = -1000; return; }   // early return of some lanes
    int total = 0;
    for (int a = 0; a < (v & 15); ++a) {
        if (a == 3) continue;
        for (int b = 0; b < a; ++b) {
            if ((a * b) % 7 == 6) break;
            accumulate(total, a * b - 5);
        }
        switch ((v + a) % 5) {
            case 0: total += 3;
            case 1: total += 1; break;             // 0 falls through to 1
            case 3: total -= 2; break;
            default: total ^= 1;
        }
    }
    int k = v;
    do { k = k / 3; total += 1; } while (k > 2);
    results[i] = total * 1000 + collatz_steps(abs(v) % 97 + 1);
}
