// vkaccum: run OuterProductAccumulate / ReduceSumAccumulate (VK_NV_cooperative_vector) on the GPU
// with inputs from a job file and write the raw bytes of the accumulation targets back.
//
//   vkaccum JOBS.bin SPV_DIR OUT_DIR
//
// Core Vulkan types come from the Vulkan headers (any 1.3 vulkan_core.h); the cooperative-vector
// pieces are declared here by hand (VK_NV_cooperative_vector, spec version 4).  The loader is opened
// with dlopen("libvulkan.so.1"), as in ../../../shared/reference/nvidia-h100-vulkan/*.c.
//
// Job file (little-endian u32 unless noted), written by probe.py:
//   "OPAJ" njobs
//   per job: char module[32] (shader file stem, e.g. "opa16u_wg32")
//            kind (0 opa16, 1 va16, 2 opa32, 3 va32) wg numWG wgPerCase numCases repeats M N stride
//            then A: numWG*wg*16 u16, B: numWG*wg*16 u16, X: numWG*wg u32,
//            init: numCases*(M*N or M) elements (u16 for *16, u32 for *32), row-major
// Matrices are placed into TRAINING_OPTIMAL bytes with the slot map that the driver's own
// vkConvertCooperativeVectorMatrixNV gives for a pattern matrix (written to OUT/maps.bin), so no
// value passes through a conversion. Output: OUT/results.bin = for each job, for each repeat, the
// whole target buffer (numCases*stride bytes) as the GPU left it; OUT/log.txt.
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- VK_NV_cooperative_vector (hand-declared) ----
#define ST_CV_FEATURES 1000491000
#define ST_CV_PROPERTIES 1000491001
#define ST_CV_PROP 1000491002
#define ST_CV_CONVERT 1000491004
typedef struct { VkStructureType sType; void* pNext; VkBool32 cooperativeVector; VkBool32 cooperativeVectorTraining; } CVFeatures;
typedef struct { VkStructureType sType; void* pNext; VkShaderStageFlags supportedStages; VkBool32 trainingFloat16Accumulation;
  VkBool32 trainingFloat32Accumulation; uint32_t maxComponents; } CVProperties;
typedef struct { VkStructureType sType; void* pNext; int32_t inputType, inputInterp, matrixInterp, biasInterp, resultType; VkBool32 transpose; } CVProp;
typedef struct { VkStructureType sType; const void* pNext; size_t srcSize; const void* srcData; size_t* pDstSize; void* dstData;
  int32_t srcType, dstType; uint32_t rows, cols; int32_t srcLayout; size_t srcStride; int32_t dstLayout; size_t dstStride; } ConvInfo;
typedef VkResult (*PFN_conv)(VkDevice, const ConvInfo*);
typedef VkResult (*PFN_cvprops)(VkPhysicalDevice, uint32_t*, CVProp*);

static FILE* logf_;
#define LOG(...) do { printf(__VA_ARGS__); fprintf(logf_, __VA_ARGS__); fflush(logf_); fflush(stdout); } while (0)
#define CHK(x) do { VkResult _r = (x); if (_r != VK_SUCCESS) { LOG("FAIL %s -> %d (line %d)\n", #x, _r, __LINE__); exit(2); } } while (0)

static PFN_vkGetInstanceProcAddr gipa;
static VkInstance inst; static VkPhysicalDevice pd; static VkDevice dev; static VkQueue queue;
static VkPhysicalDeviceMemoryProperties memprops;
#define F(name) static PFN_##name name
F(vkCreateBuffer); F(vkGetBufferMemoryRequirements); F(vkAllocateMemory); F(vkBindBufferMemory); F(vkMapMemory);
F(vkDestroyBuffer); F(vkFreeMemory); F(vkCreateShaderModule); F(vkCreateComputePipelines); F(vkCreateDescriptorSetLayout);
F(vkCreatePipelineLayout); F(vkCreateDescriptorPool); F(vkAllocateDescriptorSets); F(vkUpdateDescriptorSets);
F(vkCreateCommandPool); F(vkAllocateCommandBuffers); F(vkBeginCommandBuffer); F(vkEndCommandBuffer); F(vkCmdBindPipeline);
F(vkCmdBindDescriptorSets); F(vkCmdPushConstants); F(vkCmdDispatch); F(vkQueueSubmit); F(vkQueueWaitIdle);
F(vkResetCommandBuffer); F(vkGetDeviceQueue); F(vkCmdPipelineBarrier); F(vkDestroyShaderModule);
static PFN_conv convertMatrix;

typedef struct { VkBuffer buf; VkDeviceMemory mem; void* ptr; size_t size; } Buf;
static Buf mkbuf(size_t size) {
  Buf b; memset(&b, 0, sizeof b); if (size < 256) size = 256; b.size = size;
  VkBufferCreateInfo bi = { VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO };
  bi.size = size; bi.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT; bi.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  CHK(vkCreateBuffer(dev, &bi, NULL, &b.buf));
  VkMemoryRequirements mr; vkGetBufferMemoryRequirements(dev, b.buf, &mr);
  uint32_t want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, ti = 999;
  for (uint32_t i = 0; i < memprops.memoryTypeCount; i++)
    if ((mr.memoryTypeBits & (1u << i)) && (memprops.memoryTypes[i].propertyFlags & want) == want) { ti = i; break; }
  if (ti == 999) { LOG("no host-visible memory type\n"); exit(2); }
  VkMemoryAllocateInfo ai = { VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO }; ai.allocationSize = mr.size; ai.memoryTypeIndex = ti;
  CHK(vkAllocateMemory(dev, &ai, NULL, &b.mem)); CHK(vkBindBufferMemory(dev, b.buf, b.mem, 0));
  CHK(vkMapMemory(dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.ptr)); memset(b.ptr, 0, size);
  return b;
}
static void rmbuf(Buf* b) { vkDestroyBuffer(dev, b->buf, NULL); vkFreeMemory(dev, b->mem, NULL); }

// slot maps for 16x16 TRAINING_OPTIMAL, FP16 and FP32: map[slot] = row-major index or -1 (padding)
static int map16[4096], map32[4096]; static size_t size16, size32;
static void discover_maps(FILE* mapsOut) {
  uint16_t s16[256]; float s32[256]; uint8_t d[8192];
  for (int i = 0; i < 256; i++) { s16[i] = (uint16_t)(0x0400 + i); s32[i] = (float)(i + 1); }
  for (int t = 0; t < 2; t++) {
    int T = t ? 1 : 0; size_t es = t ? 4 : 2; size_t dst = 0;
    ConvInfo ci = { ST_CV_CONVERT, NULL, 256 * es, t ? (const void*)s32 : (const void*)s16, &dst, NULL, T, T, 16, 16, 0, 16 * es, 3, 0 };
    VkResult r = convertMatrix(dev, &ci); LOG("convert size query type %d: r=%d size=%zu\n", T, r, dst);
    if (r || dst > sizeof d) exit(2);
    memset(d, 0xff, sizeof d); ci.dstData = d; r = convertMatrix(dev, &ci); LOG("convert type %d: r=%d\n", T, r); if (r) exit(2);
    fwrite(&dst, sizeof dst, 1, mapsOut); fwrite(d, 1, dst, mapsOut);
    int* map = t ? map32 : map16; size_t n = dst / es; int seen[256] = {0}, pad = 0, dup = 0;
    for (size_t k = 0; k < n; k++) {
      long idx;
      if (!t) { uint16_t v; memcpy(&v, d + 2 * k, 2); idx = (long)v - 0x400; }
      else { float v; memcpy(&v, d + 4 * k, 4); idx = (long)v - 1; if ((float)(idx + 1) != v) idx = -1; }
      if (idx < 0 || idx >= 256) { map[k] = -1; pad++; } else { map[k] = (int)idx; if (seen[idx]++) dup++; }
    }
    int missing = 0; for (int i = 0; i < 256; i++) if (!seen[i]) missing++;
    LOG("map type %d: %zu slots, %d padding, %d duplicate, %d missing\n", T, n, pad, dup, missing);
    if (t) size32 = dst; else size16 = dst;
  }
}

typedef struct { char module[32]; uint32_t kind, wg, numWG, wgPerCase, numCases, repeats, M, N, stride; } JobHdr;

int main(int argc, char** argv) {
  if (argc < 4) { fprintf(stderr, "usage: vkaccum JOBS.bin SPV_DIR OUT_DIR\n"); return 1; }
  char fn[1024]; snprintf(fn, sizeof fn, "%s/log.txt", argv[3]); logf_ = fopen(fn, "w");
  void* lib = dlopen("libvulkan.so.1", RTLD_NOW); if (!lib) { LOG("no libvulkan: %s\n", dlerror()); return 1; }
  gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
  PFN_vkCreateInstance createInstance = (PFN_vkCreateInstance)gipa(NULL, "vkCreateInstance");
  VkApplicationInfo app = { VK_STRUCTURE_TYPE_APPLICATION_INFO }; app.pApplicationName = "vkaccum"; app.apiVersion = VK_MAKE_API_VERSION(0, 1, 3, 0);
  VkInstanceCreateInfo ici = { VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO }; ici.pApplicationInfo = &app;
  CHK(createInstance(&ici, NULL, &inst));
  PFN_vkEnumeratePhysicalDevices enumPD = (PFN_vkEnumeratePhysicalDevices)gipa(inst, "vkEnumeratePhysicalDevices");
  uint32_t n = 1; CHK(enumPD(inst, &n, &pd)); if (!n) { LOG("no physical device\n"); return 1; }
  PFN_vkGetPhysicalDeviceProperties2 gp2 = (PFN_vkGetPhysicalDeviceProperties2)gipa(inst, "vkGetPhysicalDeviceProperties2");
  PFN_vkGetPhysicalDeviceFeatures2 gf2 = (PFN_vkGetPhysicalDeviceFeatures2)gipa(inst, "vkGetPhysicalDeviceFeatures2");
  PFN_vkGetPhysicalDeviceMemoryProperties gmp = (PFN_vkGetPhysicalDeviceMemoryProperties)gipa(inst, "vkGetPhysicalDeviceMemoryProperties");
  PFN_vkGetPhysicalDeviceQueueFamilyProperties gqf = (PFN_vkGetPhysicalDeviceQueueFamilyProperties)gipa(inst, "vkGetPhysicalDeviceQueueFamilyProperties");
  gmp(pd, &memprops);
  // properties: driver, subgroup, cooperative vector
  CVProperties cvp = { ST_CV_PROPERTIES };
  VkPhysicalDeviceDriverProperties drv = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES }; drv.pNext = &cvp;
  VkPhysicalDeviceSubgroupProperties sg = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES }; sg.pNext = &drv;
  VkPhysicalDeviceProperties2 p2 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 }; p2.pNext = &sg;
  gp2(pd, &p2);
  uint32_t av = p2.properties.apiVersion, dv = p2.properties.driverVersion;
  LOG("device: %s vendor 0x%x device 0x%x api %u.%u.%u driverVersion 0x%x (NVIDIA %u.%u.%u)\n", p2.properties.deviceName,
      p2.properties.vendorID, p2.properties.deviceID, VK_API_VERSION_MAJOR(av), VK_API_VERSION_MINOR(av), VK_API_VERSION_PATCH(av),
      dv, dv >> 22, (dv >> 14) & 0xff, (dv >> 6) & 0xff);
  LOG("driver: %s / %s\n", drv.driverName, drv.driverInfo);
  LOG("subgroupSize %u stages 0x%x ops 0x%x\n", sg.subgroupSize, sg.supportedStages, sg.supportedOperations);
  LOG("coopvec properties: stages 0x%x trainingFloat16Accumulation %u trainingFloat32Accumulation %u maxComponents %u\n",
      cvp.supportedStages, cvp.trainingFloat16Accumulation, cvp.trainingFloat32Accumulation, cvp.maxComponents);
  {
    PFN_cvprops getCV = (PFN_cvprops)gipa(inst, "vkGetPhysicalDeviceCooperativeVectorPropertiesNV");
    uint32_t pc = 0; if (getCV) getCV(pd, &pc, NULL); LOG("coopvec combinations: %u\n", pc);
  }
  // features
  CVFeatures cvf = { ST_CV_FEATURES };
  VkPhysicalDeviceVulkan12Features f12 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES }; f12.pNext = &cvf;
  VkPhysicalDeviceVulkan11Features f11 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES }; f11.pNext = &f12;
  VkPhysicalDeviceFeatures2 f2 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 }; f2.pNext = &f11;
  gf2(pd, &f2);
  LOG("features: cooperativeVector %u cooperativeVectorTraining %u shaderFloat16 %u storageBuffer16BitAccess %u "
      "vulkanMemoryModel %u vulkanMemoryModelDeviceScope %u\n", cvf.cooperativeVector, cvf.cooperativeVectorTraining,
      f12.shaderFloat16, f11.storageBuffer16BitAccess, f12.vulkanMemoryModel, f12.vulkanMemoryModelDeviceScope);
  // enable what we need (keep what the device supports; only request these)
  VkPhysicalDeviceFeatures2 e2 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 };
  VkPhysicalDeviceVulkan11Features e11 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES };
  VkPhysicalDeviceVulkan12Features e12 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES };
  CVFeatures ecv = { ST_CV_FEATURES };
  e2.pNext = &e11; e11.pNext = &e12; e12.pNext = &ecv;
  e11.storageBuffer16BitAccess = f11.storageBuffer16BitAccess;
  e12.shaderFloat16 = f12.shaderFloat16; e12.vulkanMemoryModel = f12.vulkanMemoryModel;
  e12.vulkanMemoryModelDeviceScope = f12.vulkanMemoryModelDeviceScope;
  ecv.cooperativeVector = cvf.cooperativeVector; ecv.cooperativeVectorTraining = cvf.cooperativeVectorTraining;
  uint32_t nq = 0; gqf(pd, &nq, NULL); VkQueueFamilyProperties qf[16]; if (nq > 16) nq = 16; gqf(pd, &nq, qf);
  uint32_t qfi = 0; for (uint32_t i = 0; i < nq; i++) if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { qfi = i; break; }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = { VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO }; qci.queueFamilyIndex = qfi; qci.queueCount = 1; qci.pQueuePriorities = &prio;
  const char* exts[] = { "VK_NV_cooperative_vector" };
  VkDeviceCreateInfo dci = { VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO }; dci.pNext = &e2; dci.queueCreateInfoCount = 1; dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = 1; dci.ppEnabledExtensionNames = exts;
  PFN_vkCreateDevice createDevice = (PFN_vkCreateDevice)gipa(inst, "vkCreateDevice");
  CHK(createDevice(pd, &dci, NULL, &dev));
  PFN_vkGetDeviceProcAddr gdpa = (PFN_vkGetDeviceProcAddr)gipa(inst, "vkGetDeviceProcAddr");
#define L(name) name = (PFN_##name)gdpa(dev, #name); if (!name) { LOG("missing %s\n", #name); return 1; }
  L(vkCreateBuffer); L(vkGetBufferMemoryRequirements); L(vkAllocateMemory); L(vkBindBufferMemory); L(vkMapMemory);
  L(vkDestroyBuffer); L(vkFreeMemory); L(vkCreateShaderModule); L(vkCreateComputePipelines); L(vkCreateDescriptorSetLayout);
  L(vkCreatePipelineLayout); L(vkCreateDescriptorPool); L(vkAllocateDescriptorSets); L(vkUpdateDescriptorSets);
  L(vkCreateCommandPool); L(vkAllocateCommandBuffers); L(vkBeginCommandBuffer); L(vkEndCommandBuffer); L(vkCmdBindPipeline);
  L(vkCmdBindDescriptorSets); L(vkCmdPushConstants); L(vkCmdDispatch); L(vkQueueSubmit); L(vkQueueWaitIdle);
  L(vkResetCommandBuffer); L(vkGetDeviceQueue); L(vkCmdPipelineBarrier); L(vkDestroyShaderModule);
  convertMatrix = (PFN_conv)gdpa(dev, "vkConvertCooperativeVectorMatrixNV"); if (!convertMatrix) { LOG("no convert fn\n"); return 1; }
  vkGetDeviceQueue(dev, qfi, 0, &queue);

  snprintf(fn, sizeof fn, "%s/maps.bin", argv[3]); FILE* mf = fopen(fn, "wb"); discover_maps(mf); fclose(mf);

  // shared objects: descriptor set layout (4 storage buffers), pipeline layout (8 bytes push constants), set, command buffer
  VkDescriptorSetLayoutBinding lb[4]; memset(lb, 0, sizeof lb);
  for (int i = 0; i < 4; i++) { lb[i].binding = i; lb[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; lb[i].descriptorCount = 1; lb[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT; }
  VkDescriptorSetLayoutCreateInfo dli = { VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO }; dli.bindingCount = 4; dli.pBindings = lb;
  VkDescriptorSetLayout dsl; CHK(vkCreateDescriptorSetLayout(dev, &dli, NULL, &dsl));
  VkPushConstantRange pcr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 8 };
  VkPipelineLayoutCreateInfo pli = { VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO }; pli.setLayoutCount = 1; pli.pSetLayouts = &dsl;
  pli.pushConstantRangeCount = 1; pli.pPushConstantRanges = &pcr;
  VkPipelineLayout plo; CHK(vkCreatePipelineLayout(dev, &pli, NULL, &plo));
  VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 };
  VkDescriptorPoolCreateInfo dpi = { VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO }; dpi.maxSets = 1; dpi.poolSizeCount = 1; dpi.pPoolSizes = &ps;
  VkDescriptorPool dp; CHK(vkCreateDescriptorPool(dev, &dpi, NULL, &dp));
  VkDescriptorSetAllocateInfo dsa = { VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO }; dsa.descriptorPool = dp; dsa.descriptorSetCount = 1; dsa.pSetLayouts = &dsl;
  VkDescriptorSet ds; CHK(vkAllocateDescriptorSets(dev, &dsa, &ds));
  VkCommandPoolCreateInfo cpi = { VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO }; cpi.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT; cpi.queueFamilyIndex = qfi;
  VkCommandPool cp; CHK(vkCreateCommandPool(dev, &cpi, NULL, &cp));
  VkCommandBufferAllocateInfo cba = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO }; cba.commandPool = cp; cba.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY; cba.commandBufferCount = 1;
  VkCommandBuffer cb; CHK(vkAllocateCommandBuffers(dev, &cba, &cb));

  FILE* jf = fopen(argv[1], "rb"); if (!jf) { LOG("cannot open %s\n", argv[1]); return 1; }
  char magic[4]; uint32_t njobs; if (fread(magic, 1, 4, jf) != 4 || memcmp(magic, "OPAJ", 4) || fread(&njobs, 4, 1, jf) != 1) { LOG("bad job file\n"); return 1; }
  snprintf(fn, sizeof fn, "%s/results.bin", argv[3]); FILE* rf = fopen(fn, "wb");
  char lastModule[32] = ""; VkPipeline pipe = VK_NULL_HANDLE; VkResult pipeResult = VK_SUCCESS;
  for (uint32_t j = 0; j < njobs; j++) {
    JobHdr h; if (fread(&h, sizeof h, 1, jf) != 1) { LOG("short job file\n"); return 1; }
    size_t ninv = (size_t)h.numWG * h.wg; int is32 = (h.kind == 2 || h.kind == 3), isVA = (h.kind == 1 || h.kind == 3);
    size_t es = is32 ? 4 : 2, nel = isVA ? h.M : (size_t)h.M * h.N;
    Buf bA = mkbuf(ninv * 32), bB = mkbuf(ninv * 32), bX = mkbuf(ninv * 4), bT = mkbuf((size_t)h.numCases * h.stride);
    size_t initBytes = (size_t)h.numCases * nel * es; uint8_t* init = malloc(initBytes); uint8_t* image = calloc(bT.size, 1);
    if (fread(bA.ptr, 2, ninv * 16, jf) != ninv * 16 || fread(bB.ptr, 2, ninv * 16, jf) != ninv * 16 ||
        fread(bX.ptr, 4, ninv, jf) != ninv || fread(init, 1, initBytes, jf) != initBytes) { LOG("short job data\n"); return 1; }
    // build the target's initial image
    for (uint32_t c = 0; c < h.numCases; c++) {
      uint8_t* dst = image + (size_t)c * h.stride; const uint8_t* src = init + (size_t)c * nel * es;
      if (isVA) memcpy(dst, src, nel * es);
      else { int* map = is32 ? map32 : map16; size_t nslots = (is32 ? size32 : size16) / es;
        for (size_t k = 0; k < nslots; k++) if (map[k] >= 0) memcpy(dst + k * es, src + (size_t)map[k] * es, es); }
    }
    if (strncmp(lastModule, h.module, 32)) {
      snprintf(fn, sizeof fn, "%s/%.32s.spv", argv[2], h.module); FILE* sf = fopen(fn, "rb");
      if (!sf) { LOG("missing shader %s\n", fn); return 1; }
      static uint32_t code[65536]; size_t cw = fread(code, 4, 65536, sf); fclose(sf);
      VkShaderModuleCreateInfo smi = { VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO }; smi.codeSize = cw * 4; smi.pCode = code;
      VkShaderModule sm; VkResult r = vkCreateShaderModule(dev, &smi, NULL, &sm);
      VkComputePipelineCreateInfo cpci = { VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO };
      cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO; cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
      cpci.stage.module = sm; cpci.stage.pName = "main"; cpci.layout = plo;
      pipe = VK_NULL_HANDLE;
      if (r == VK_SUCCESS) r = vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe);
      pipeResult = r; LOG("module %.32s: shader+pipeline r=%d\n", h.module, r);
      memcpy(lastModule, h.module, 32);
    }
    VkDescriptorBufferInfo dbi[4] = { { bA.buf, 0, VK_WHOLE_SIZE }, { bB.buf, 0, VK_WHOLE_SIZE }, { bT.buf, 0, VK_WHOLE_SIZE }, { bX.buf, 0, VK_WHOLE_SIZE } };
    VkWriteDescriptorSet w[4]; memset(w, 0, sizeof w);
    for (int i = 0; i < 4; i++) { w[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET; w[i].dstSet = ds; w[i].dstBinding = i; w[i].descriptorCount = 1;
      w[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; w[i].pBufferInfo = &dbi[i]; }
    vkUpdateDescriptorSets(dev, 4, w, 0, NULL);
    uint32_t pcv[2] = { h.wgPerCase, h.stride };
    for (uint32_t rep = 0; rep < h.repeats; rep++) {
      memcpy(bT.ptr, image, bT.size);
      VkResult r = pipeResult;
      if (r == VK_SUCCESS) {
        vkResetCommandBuffer(cb, 0);
        VkCommandBufferBeginInfo bi = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }; bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        vkBeginCommandBuffer(cb, &bi);
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
        vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, plo, 0, 1, &ds, 0, NULL);
        vkCmdPushConstants(cb, plo, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, pcv);
        vkCmdDispatch(cb, h.numWG, 1, 1);
        VkMemoryBarrier mb = { VK_STRUCTURE_TYPE_MEMORY_BARRIER }; mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT; mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        vkEndCommandBuffer(cb);
        VkSubmitInfo si = { VK_STRUCTURE_TYPE_SUBMIT_INFO }; si.commandBufferCount = 1; si.pCommandBuffers = &cb;
        r = vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE); if (r == VK_SUCCESS) r = vkQueueWaitIdle(queue);
      }
      if (rep == 0 || r) LOG("job %u %.32s kind %u wg %u numWG %u cases %u rep %u r=%d\n", j, h.module, h.kind, h.wg, h.numWG, h.numCases, rep, r);
      if (r == VK_ERROR_DEVICE_LOST) { LOG("device lost, stopping\n"); fclose(rf); return 3; }
      int32_t rr = r; fwrite(&rr, 4, 1, rf); fwrite(bT.ptr, 1, (size_t)h.numCases * h.stride, rf); fflush(rf);
    }
    rmbuf(&bA); rmbuf(&bB); rmbuf(&bX); rmbuf(&bT); free(init); free(image);
  }
  fclose(rf); LOG("done %u jobs\n", njobs);
  return 0;
}
