// Register-level probe of the warp-level instructions that MLIR's nvgpu dialect lowers to:
// mma.sync, mma.sp.sync, ldmatrix, cp.async + commit_group + wait_group (sm_90, one H100).
//
// The program knows nothing about fragment layouts: every case is one warp, and the job file gives
// each lane's raw input registers; the program runs the instruction and writes each lane's raw
// output registers. probe.py builds the jobs (fragment maps, arithmetic, sparsity metadata,
// ldmatrix addresses, async-copy sizes) and decodes the results. README.md says how to run it.
//
// Usage: probe JOBS.bin OUT_DIR      -> OUT_DIR/results.bin, OUT_DIR/env.txt
//        probe --ops                 -> the op table (id, name, input and output words per lane)
//
// jobs.bin (little-endian uint32): "NVGJ", version 1, job count; each job: op id, warps, words in
// per lane, words out per lane, then warps * 32 * words-in input words (warp-major, lane, word).
// results.bin: "NVGR", version 1, job count; each job: op id, warps, words out per lane, then
// warps * 32 * words-out output words in the same order.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static void check(cudaError_t err, const char* what, int line) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "CUDA error %s (%d) at line %d: %s\n", cudaGetErrorString(err), (int)err, line, what);
    std::exit(2);
  }
}
#define CK(x) check((x), #x, __LINE__)

// ------------------------------------------------------------------------------------------------
// mma.sync / mma.sp.sync: one struct per instruction form. All 32-bit operands travel as .b32
// registers (PTX lets a .b32 register stand for .f32, .f16x2, .s32 operands of the same size).

struct Op1 {  // m16n8k16_f16_f16
  static constexpr int NA = 4, NB = 2, NC = 2, ND = 2, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
  }
};

struct Op2 {  // m16n8k16_f32_f16
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op3 {  // m16n8k8_f16_f16
  static constexpr int NA = 2, NB = 1, NC = 2, ND = 2, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, %6};"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
  }
};

struct Op4 {  // m16n8k8_f32_f16
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op5 {  // m16n8k16_f32_bf16
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op6 {  // m16n8k8_f32_bf16
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op7 {  // m16n8k8_f32_tf32
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op8 {  // m16n8k4_f32_tf32
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op10 {  // m16n8k32_s8_sat
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op11 {  // m16n8k32_s8
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op12 {  // m16n8k32_u8
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op13 {  // m16n8k16_s8_sat
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op14 {  // m16n8k16_s8
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op15 {  // m16n8k64_s4_sat
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.s4.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op16 {  // m16n8k64_s4
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op17 {  // m16n8k64_u4
  static constexpr int NA = 4, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op18 {  // m16n8k32_s4_sat
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s4.s4.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op19 {  // m16n8k32_s4
  static constexpr int NA = 2, NB = 1, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

struct Op30 {  // sp_m16n8k16_f32_f16_sel0
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op31 {  // sp_m16n8k16_f32_f16_sel1
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 1;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op32 {  // sp_m16n8k16_f32_f16_sel2
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 2;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op33 {  // sp_m16n8k16_f32_f16_sel3
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 3;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op34 {  // sp_m16n8k16_f16_f16_sel0
  static constexpr int NA = 2, NB = 2, NC = 2, ND = 2, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4, %5}, {%6, %7}, %8, 0;"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(e));
  }
};

struct Op35 {  // sp_m16n8k32_f32_f16_sel0
  static constexpr int NA = 4, NB = 4, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, %16, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op36 {  // sp_m16n8k32_f32_f16_sel1
  static constexpr int NA = 4, NB = 4, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, %16, 1;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op37 {  // sp_m16n8k32_f16_f16_sel0
  static constexpr int NA = 4, NB = 4, NC = 2, ND = 2, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7, %8, %9}, {%10, %11}, %12, 0;"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(e));
  }
};

struct Op38 {  // sp_m16n8k32_s8_sat_sel0
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op39 {  // sp_m16n8k32_s8_sat_sel1
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 1;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op40 {  // sp_m16n8k64_s8_sat_sel0
  static constexpr int NA = 4, NB = 4, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, %16, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op42 {  // sp_m16n8k8_f32_tf32_sel0
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, %12, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op43 {  // sp_m16n8k16_f32_tf32_sel0
  static constexpr int NA = 4, NB = 4, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, %16, 0;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

struct Op44 {  // sp_m16n8k16_f32_tf32_sel1
  static constexpr int NA = 4, NB = 4, NC = 4, ND = 4, NE = 1;
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t e, uint32_t* d) {
    asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, %16, 1;"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e));
  }
};

#define MMA_OPS(X) \
  X(1, "m16n8k16_f16_f16") \
  X(9, "m8n8k4_f64") \
  X(2, "m16n8k16_f32_f16") \
  X(3, "m16n8k8_f16_f16") \
  X(4, "m16n8k8_f32_f16") \
  X(5, "m16n8k16_f32_bf16") \
  X(6, "m16n8k8_f32_bf16") \
  X(7, "m16n8k8_f32_tf32") \
  X(8, "m16n8k4_f32_tf32") \
  X(10, "m16n8k32_s8_sat") \
  X(11, "m16n8k32_s8") \
  X(12, "m16n8k32_u8") \
  X(13, "m16n8k16_s8_sat") \
  X(14, "m16n8k16_s8") \
  X(15, "m16n8k64_s4_sat") \
  X(16, "m16n8k64_s4") \
  X(17, "m16n8k64_u4") \
  X(18, "m16n8k32_s4_sat") \
  X(19, "m16n8k32_s4") \
  X(30, "sp_m16n8k16_f32_f16_sel0") \
  X(31, "sp_m16n8k16_f32_f16_sel1") \
  X(32, "sp_m16n8k16_f32_f16_sel2") \
  X(33, "sp_m16n8k16_f32_f16_sel3") \
  X(34, "sp_m16n8k16_f16_f16_sel0") \
  X(35, "sp_m16n8k32_f32_f16_sel0") \
  X(36, "sp_m16n8k32_f32_f16_sel1") \
  X(37, "sp_m16n8k32_f16_f16_sel0") \
  X(38, "sp_m16n8k32_s8_sat_sel0") \
  X(39, "sp_m16n8k32_s8_sat_sel1") \
  X(40, "sp_m16n8k64_s8_sat_sel0") \
  X(42, "sp_m16n8k8_f32_tf32_sel0") \
  X(43, "sp_m16n8k16_f32_tf32_sel0") \
  X(44, "sp_m16n8k16_f32_tf32_sel1")

struct Op9 {  // m8n8k4_f64: operands are f64; each travels as two words (low word first)
  static constexpr int NA = 2, NB = 2, NC = 4, ND = 4, NE = 0;
  static __device__ __forceinline__ double dbl(uint32_t lo, uint32_t hi) {
    return __longlong_as_double((long long)(((unsigned long long)hi << 32) | lo));
  }
  static __device__ __forceinline__ void words(double v, uint32_t* w) {
    unsigned long long u = (unsigned long long)__double_as_longlong(v);
    w[0] = (uint32_t)(u & 0xffffffffull);
    w[1] = (uint32_t)(u >> 32);
  }
  static __device__ __forceinline__ void run(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t, uint32_t* d) {
    double a0 = dbl(a[0], a[1]), b0 = dbl(b[0], b[1]), c0 = dbl(c[0], c[1]), c1 = dbl(c[2], c[3]);
    double d0, d1;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(d0), "=d"(d1)
                 : "d"(a0), "d"(b0), "d"(c0), "d"(c1));
    words(d0, d + 0);
    words(d1, d + 2);
  }
};

// One warp per case: lane inputs are A words, B words, C words, then the metadata word (mma.sp).
template <class M>
__global__ void __launch_bounds__(32) mma_kernel(const uint32_t* __restrict__ in, uint32_t* __restrict__ out) {
  constexpr int NIN = M::NA + M::NB + M::NC + M::NE;
  const unsigned lane = threadIdx.x;
  const uint32_t* p = in + ((size_t)blockIdx.x * 32 + lane) * NIN;
  uint32_t a[M::NA], b[M::NB], c[M::NC], d[M::ND];
#pragma unroll
  for (int i = 0; i < M::NA; ++i) a[i] = p[i];
#pragma unroll
  for (int i = 0; i < M::NB; ++i) b[i] = p[M::NA + i];
#pragma unroll
  for (int i = 0; i < M::NC; ++i) c[i] = p[M::NA + M::NB + i];
  const uint32_t e = M::NE ? p[M::NA + M::NB + M::NC] : 0u;
  __syncwarp();
  M::run(a, b, c, e, d);
  uint32_t* q = out + ((size_t)blockIdx.x * 32 + lane) * M::ND;
#pragma unroll
  for (int i = 0; i < M::ND; ++i) q[i] = d[i];
}

// ------------------------------------------------------------------------------------------------
// Shared-memory helpers.
static __device__ __forceinline__ uint32_t smem_addr(const void* p) {
  uint32_t a;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}
static __device__ __forceinline__ uint32_t ld_shared_volatile(uint32_t addr) {
  uint32_t v;
  asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v) : "r"(addr) : "memory");
  return v;
}

// ------------------------------------------------------------------------------------------------
// ldmatrix: shared memory holds 4096 b16 values, value i at element i (byte 2i). Each lane's one
// input word is its byte offset into that buffer; the outputs are its NUM destination registers.
constexpr int LDM_ELEMS = 4096;

template <int NUM, bool TRANS>
__global__ void __launch_bounds__(32) ldmatrix_kernel(const uint32_t* __restrict__ in, uint32_t* __restrict__ out) {
  __shared__ __align__(128) uint16_t buf[LDM_ELEMS];
  const unsigned lane = threadIdx.x;
  for (int i = lane; i < LDM_ELEMS; i += 32) buf[i] = (uint16_t)i;
  __syncthreads();
  const uint32_t offset = in[(size_t)blockIdx.x * 32 + lane];
  const uint32_t addr = smem_addr(buf) + offset;
  uint32_t r[4] = {0u, 0u, 0u, 0u};
  if (NUM == 1) {
    if (TRANS) asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr) : "memory");
    else asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr) : "memory");
  } else if (NUM == 2) {
    if (TRANS) asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
    else asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
  } else {
    if (TRANS)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
  }
  uint32_t* q = out + ((size_t)blockIdx.x * 32 + lane) * NUM;
#pragma unroll
  for (int i = 0; i < NUM; ++i) q[i] = r[i];
}

// ------------------------------------------------------------------------------------------------
// cp.async zero fill: every lane owns 32 bytes of shared memory at lane * 32, pre-filled with the
// sentinel 0xA5; it copies CP bytes from the global pattern (byte i = (i ^ (i >> 8)) & 0xFF) at its
// input offset with its input src-size, commits, waits for all groups, and returns its 32 bytes.
constexpr uint32_t PATTERN_BYTES = 1u << 16;
constexpr uint32_t SENTINEL = 0xA5A5A5A5u;

__global__ void fill_pattern(uint8_t* p) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < PATTERN_BYTES) p[i] = (uint8_t)((i ^ (i >> 8)) & 0xFF);
}

template <int CP, bool CG>
__global__ void __launch_bounds__(32) cp_async_kernel(const uint32_t* __restrict__ in, uint32_t* __restrict__ out,
                                                      const uint8_t* __restrict__ pattern) {
  __shared__ __align__(128) uint32_t buf[32 * 8];
  const unsigned lane = threadIdx.x;
  for (int i = 0; i < 8; ++i) buf[lane * 8 + i] = SENTINEL;
  __syncthreads();
  const uint32_t* p = in + ((size_t)blockIdx.x * 32 + lane) * 2;
  const uint8_t* src = pattern + p[0];
  const uint32_t src_size = p[1];
  const uint32_t dst = smem_addr(buf + lane * 8);
  if (CG)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(src_size) : "memory");
  else if (CP == 4)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" :: "r"(dst), "l"(src), "r"(src_size) : "memory");
  else if (CP == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" :: "r"(dst), "l"(src), "r"(src_size) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(src_size) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  uint32_t* q = out + ((size_t)blockIdx.x * 32 + lane) * 8;
  for (int i = 0; i < 8; ++i) q[i] = buf[lane * 8 + i];
}

// ------------------------------------------------------------------------------------------------
// cp.async groups: each lane commits GROUPS groups; group g holds EXTRA 16-byte copies into scratch
// (to make the group slow) and then one 16-byte copy into its probe slot, all from distinct, cold
// lines of a large global buffer (word i holds i). Then WAIT (-1: none, 0..3: wait_group WAIT), read
// the probe slots (bit g set when slot g holds the copied words), wait_group 0, read them again.
// Variant EMPTY: only group 0 copies; groups 1..3 are empty commits.
constexpr int GROUPS = 4, EXTRA = 8;
constexpr size_t BIG_WORDS = size_t(1) << 25;  // 128 MiB

__global__ void fill_big(uint32_t* p) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i < BIG_WORDS; i += (size_t)gridDim.x * blockDim.x) p[i] = (uint32_t)i;
}

static __device__ __forceinline__ size_t big_line(unsigned block, int g, int j, unsigned lane) {
  // a 128-byte line per (block, group, copy, lane), spread over the buffer
  size_t line = (((size_t)block * GROUPS + g) * (EXTRA + 1) + j) * 32 + lane;
  line = (line * 2654435761ull) % (BIG_WORDS / 32);  // scatter: cold lines, no two copies share one
  return line * 32;                                   // word index
}

template <int WAIT, bool EMPTY>
__global__ void __launch_bounds__(32) group_kernel(const uint32_t* __restrict__ in, uint32_t* __restrict__ out,
                                                   const uint32_t* __restrict__ big) {
  __shared__ __align__(128) uint32_t slot[GROUPS][32][4];
  __shared__ __align__(128) uint32_t scratch[GROUPS][EXTRA][32][4];
  const unsigned lane = threadIdx.x;
  (void)in;
  for (int g = 0; g < GROUPS; ++g)
    for (int i = 0; i < 4; ++i) slot[g][lane][i] = SENTINEL;
  __syncthreads();
  size_t expect[GROUPS];
  for (int g = 0; g < GROUPS; ++g) {
    expect[g] = big_line(blockIdx.x, g, EXTRA, lane);
    if (!EMPTY || g == 0) {
      for (int j = 0; j < EXTRA; ++j) {
        const uint32_t* src = big + big_line(blockIdx.x, g, j, lane);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(smem_addr(&scratch[g][j][lane][0])), "l"(src) : "memory");
      }
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(smem_addr(&slot[g][lane][0])), "l"(big + expect[g]) : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  if (WAIT == 0) asm volatile("cp.async.wait_group 0;" ::: "memory");
  if (WAIT == 1) asm volatile("cp.async.wait_group 1;" ::: "memory");
  if (WAIT == 2) asm volatile("cp.async.wait_group 2;" ::: "memory");
  if (WAIT == 3) asm volatile("cp.async.wait_group 3;" ::: "memory");
  uint32_t first = 0, after = 0;
  for (int g = 0; g < GROUPS; ++g)
    if (ld_shared_volatile(smem_addr(&slot[g][lane][0])) == (uint32_t)expect[g]) first |= 1u << g;
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  for (int g = 0; g < GROUPS; ++g)
    if (ld_shared_volatile(smem_addr(&slot[g][lane][0])) == (uint32_t)expect[g]) after |= 1u << g;
  uint32_t* q = out + ((size_t)blockIdx.x * 32 + lane) * 2;
  q[0] = first;
  q[1] = after;
}

// ------------------------------------------------------------------------------------------------
// The op table.
struct OpInfo {
  uint32_t id;
  const char* name;
  uint32_t nin, nout;
};

#define MMA_INFO(id, name) {id, name, Op##id::NA + Op##id::NB + Op##id::NC + Op##id::NE, Op##id::ND},
static const OpInfo OPS[] = {
    MMA_OPS(MMA_INFO)
    {60, "ldmatrix_x1", 1, 1}, {61, "ldmatrix_x2", 1, 2}, {62, "ldmatrix_x4", 1, 4},
    {63, "ldmatrix_x1_trans", 1, 1}, {64, "ldmatrix_x2_trans", 1, 2}, {65, "ldmatrix_x4_trans", 1, 4},
    {70, "cp_async_ca4", 2, 8}, {71, "cp_async_ca8", 2, 8}, {72, "cp_async_ca16", 2, 8}, {73, "cp_async_cg16", 2, 8},
    {80, "group_nowait", 1, 2}, {81, "group_wait0", 1, 2}, {82, "group_wait1", 1, 2}, {83, "group_wait2", 1, 2},
    {84, "group_wait3", 1, 2}, {85, "group_empty_wait3", 1, 2},
};

static const OpInfo* find_op(uint32_t id) {
  for (const OpInfo& op : OPS)
    if (op.id == id) return &op;
  return nullptr;
}

struct Device {
  uint8_t* pattern = nullptr;
  uint32_t* big = nullptr;
};

static void launch(uint32_t id, uint32_t warps, const uint32_t* in, uint32_t* out, const Device& dev) {
  const dim3 grid(warps), block(32);
  switch (id) {
#define MMA_CASE(id, name) \
  case id: mma_kernel<Op##id><<<grid, block>>>(in, out); break;
    MMA_OPS(MMA_CASE)
    case 60: ldmatrix_kernel<1, false><<<grid, block>>>(in, out); break;
    case 61: ldmatrix_kernel<2, false><<<grid, block>>>(in, out); break;
    case 62: ldmatrix_kernel<4, false><<<grid, block>>>(in, out); break;
    case 63: ldmatrix_kernel<1, true><<<grid, block>>>(in, out); break;
    case 64: ldmatrix_kernel<2, true><<<grid, block>>>(in, out); break;
    case 65: ldmatrix_kernel<4, true><<<grid, block>>>(in, out); break;
    case 70: cp_async_kernel<4, false><<<grid, block>>>(in, out, dev.pattern); break;
    case 71: cp_async_kernel<8, false><<<grid, block>>>(in, out, dev.pattern); break;
    case 72: cp_async_kernel<16, false><<<grid, block>>>(in, out, dev.pattern); break;
    case 73: cp_async_kernel<16, true><<<grid, block>>>(in, out, dev.pattern); break;
    case 80: group_kernel<-1, false><<<grid, block>>>(in, out, dev.big); break;
    case 81: group_kernel<0, false><<<grid, block>>>(in, out, dev.big); break;
    case 82: group_kernel<1, false><<<grid, block>>>(in, out, dev.big); break;
    case 83: group_kernel<2, false><<<grid, block>>>(in, out, dev.big); break;
    case 84: group_kernel<3, false><<<grid, block>>>(in, out, dev.big); break;
    case 85: group_kernel<3, true><<<grid, block>>>(in, out, dev.big); break;
    default: std::fprintf(stderr, "no kernel for op %u\n", id); std::exit(2);
  }
  CK(cudaGetLastError());
}

// ------------------------------------------------------------------------------------------------
static std::vector<uint32_t> read_words(const char* path) {
  FILE* f = std::fopen(path, "rb");
  if (!f) { std::perror(path); std::exit(2); }
  std::vector<uint32_t> w;
  uint32_t buf[4096];
  size_t n;
  while ((n = std::fread(buf, 4, 4096, f)) > 0) w.insert(w.end(), buf, buf + n);
  std::fclose(f);
  return w;
}

static void write_env(const std::string& dir) {
  int dev = 0, rt = 0, drv = 0;
  cudaDeviceProp prop;
  CK(cudaGetDevice(&dev));
  CK(cudaGetDeviceProperties(&prop, dev));
  CK(cudaRuntimeGetVersion(&rt));
  CK(cudaDriverGetVersion(&drv));
  FILE* f = std::fopen((dir + "/env.txt").c_str(), "w");
  if (!f) { std::perror("env.txt"); std::exit(2); }
  std::fprintf(f, "device: %s\ncompute capability: %d.%d\nmultiprocessors: %d\n", prop.name, prop.major, prop.minor,
               prop.multiProcessorCount);
  std::fprintf(f, "CUDA runtime: %d\nCUDA driver API: %d\n", rt, drv);
  std::fclose(f);
}

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--ops") == 0) {
    for (const OpInfo& op : OPS) std::printf("%u %s %u %u\n", op.id, op.name, op.nin, op.nout);
    return 0;
  }
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s JOBS.bin OUT_DIR | --ops\n", argv[0]);
    return 2;
  }
  const std::vector<uint32_t> w = read_words(argv[1]);
  if (w.size() < 3 || w[0] != 0x4A47564Eu || w[1] != 1) { std::fprintf(stderr, "not a version-1 job file\n"); return 2; }
  const std::string dir = argv[2];
  write_env(dir);

  Device dev;
  CK(cudaMalloc(&dev.pattern, PATTERN_BYTES));
  fill_pattern<<<PATTERN_BYTES / 256, 256>>>(dev.pattern);
  CK(cudaGetLastError());
  CK(cudaMalloc(&dev.big, BIG_WORDS * 4));
  fill_big<<<1024, 256>>>(dev.big);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  const uint32_t njobs = w[2];
  std::vector<uint32_t> res = {0x5247564Eu, 1, njobs};
  size_t pos = 3;
  for (uint32_t j = 0; j < njobs; ++j) {
    if (pos + 4 > w.size()) { std::fprintf(stderr, "job %u: truncated header\n", j); return 2; }
    const uint32_t id = w[pos], warps = w[pos + 1], nin = w[pos + 2], nout = w[pos + 3];
    pos += 4;
    const OpInfo* op = find_op(id);
    if (!op || op->nin != nin || op->nout != nout || warps == 0) {
      std::fprintf(stderr, "job %u: op %u with %u/%u words does not match the op table\n", j, id, nin, nout);
      return 2;
    }
    const size_t nwin = (size_t)warps * 32 * nin, nwout = (size_t)warps * 32 * nout;
    if (pos + nwin > w.size()) { std::fprintf(stderr, "job %u: truncated inputs\n", j); return 2; }
    uint32_t *din = nullptr, *dout = nullptr;
    CK(cudaMalloc(&din, nwin * 4));
    CK(cudaMalloc(&dout, nwout * 4));
    CK(cudaMemcpy(din, w.data() + pos, nwin * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0xEE, nwout * 4));  // poison: every output word must be written
    launch(id, warps, din, dout, dev);
    CK(cudaDeviceSynchronize());
    res.push_back(id);
    res.push_back(warps);
    res.push_back(nout);
    const size_t at = res.size();
    res.resize(at + nwout);
    CK(cudaMemcpy(res.data() + at, dout, nwout * 4, cudaMemcpyDeviceToHost));
    CK(cudaFree(din));
    CK(cudaFree(dout));
    pos += nwin;
    std::printf("job %3u op %2u %-26s warps %5u\n", j, id, op->name, warps);
  }
  if (pos != w.size()) { std::fprintf(stderr, "trailing words in the job file\n"); return 2; }
  FILE* f = std::fopen((dir + "/results.bin").c_str(), "wb");
  if (!f || std::fwrite(res.data(), 4, res.size(), f) != res.size()) { std::perror("results.bin"); return 2; }
  std::fclose(f);
  std::printf("%u jobs, %zu result words\n", njobs, res.size());
  return 0;
}
