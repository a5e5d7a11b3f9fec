// Probe 3: optimal-layout bytes for many shapes (f16, int8, e4m3), written into one blob plus an index.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef int32_t VkResult; typedef uint32_t VkBool32; typedef void* VkInstance; typedef void* VkPhysicalDevice; typedef void* VkDevice;
typedef void* (*PFN_GIPA)(VkInstance, const char*);
typedef struct { int32_t sType; const void* pNext; const char* app; uint32_t appv; const char* eng; uint32_t engv; uint32_t api; } AppInfo;
typedef struct { int32_t sType; const void* pNext; uint32_t flags; const AppInfo* app; uint32_t nl; const char* const* layers; uint32_t ne; const char* const* exts; } InstInfo;
typedef struct { int32_t sType; const void* pNext; uint32_t flags; uint32_t qfi; uint32_t qc; const float* prio; } QInfo;
typedef struct { int32_t sType; void* pNext; VkBool32 coopVec; VkBool32 coopVecTraining; } CVFeat;
typedef struct { int32_t sType; const void* pNext; uint32_t flags; uint32_t nq; const QInfo* q; uint32_t nl; const char* const* layers; uint32_t ne; const char* const* exts; const void* feats; } DevInfo;
typedef struct { int32_t sType; const void* pNext; size_t srcSize; const void* srcData; size_t* pDstSize; void* dstData;
  int32_t srcType, dstType; uint32_t rows, cols; int32_t srcLayout; size_t srcStride; int32_t dstLayout; size_t dstStride; } ConvInfo;
// Adapted from vklayouts.c for the dxlinalg NVIDIA-layout check: unseen shapes, destination
// prefilled with 0xA5 (to see whether padding is written), more types, and a size grid.
static VkResult (*conv)(VkDevice, const ConvInfo*); static VkDevice dev; static FILE *blob, *idx, *szf; static long off = 0;
static void emit(const char* name, int type, size_t es, const void* src, uint32_t R, uint32_t C, int L){
  size_t dst=0; ConvInfo ci={1000491004,NULL,R*C*es,src,&dst,NULL,type,type,R,C,0,C*es,L,0};
  VkResult r=conv(dev,&ci); if(r){ fprintf(idx,"%s\t-1\t0\t%d\n",name,r); return; }
  void* d=malloc(dst); memset(d,0xA5,dst); ci.dstData=d; r=conv(dev,&ci);
  fwrite(d,1,dst,blob); fprintf(idx,"%s\t%ld\t%zu\t%d\n",name,off,dst,r); off+=dst; free(d);
}
int main(int argc, char** argv){
  const char* out = argc>1? argv[1] : ".";
  void* lib = dlopen("libvulkan.so.1", RTLD_NOW); if(!lib){ printf("no libvulkan: %s\n", dlerror()); return 1; }
  PFN_GIPA gipa = (PFN_GIPA)dlsym(lib, "vkGetInstanceProcAddr");
  VkResult (*createInst)(const InstInfo*, const void*, VkInstance*) = gipa(NULL, "vkCreateInstance");
  AppInfo ai = {0, NULL, "probe", 1, "probe", 1, (1u<<22)|(3u<<12)}; InstInfo ii = {1, NULL, 0, &ai, 0, NULL, 0, NULL};
  VkInstance inst; VkResult r0=createInst(&ii, NULL, &inst); printf("vkCreateInstance %d\n", r0); if(r0) return 1;
  VkResult (*enumPD)(VkInstance, uint32_t*, VkPhysicalDevice*) = gipa(inst, "vkEnumeratePhysicalDevices");
  uint32_t n=1; VkPhysicalDevice pd; enumPD(inst, &n, &pd); printf("devices %u\n", n); if(!n) return 1;
  unsigned char pb[4096]; void (*getProps)(VkPhysicalDevice, void*) = gipa(inst, "vkGetPhysicalDeviceProperties"); getProps(pd,pb);
  uint32_t* u=(uint32_t*)pb; printf("device: %s api %u.%u.%u driver 0x%x\n", (char*)pb+20, u[0]>>22, (u[0]>>12)&0x3ff, u[0]&0xfff, u[1]);
  float prio=1.0f; QInfo qi={2,NULL,0,0,1,&prio}; CVFeat cf={1000491000,NULL,1,1}; const char* exts[]={"VK_NV_cooperative_vector"};
  DevInfo di={3,&cf,0,1,&qi,0,NULL,1,exts,NULL};
  VkResult (*createDev)(VkPhysicalDevice, const DevInfo*, const void*, VkDevice*) = gipa(inst, "vkCreateDevice");
  r0=createDev(pd,&di,NULL,&dev); printf("vkCreateDevice %d\n", r0); if(r0) return 1;
  void* (*gdpa)(VkDevice, const char*) = gipa(inst, "vkGetDeviceProcAddr"); conv = gdpa(dev, "vkConvertCooperativeVectorMatrixNV");
  printf("convert fn %p\n", (void*)conv); if(!conv) return 1;
  char fn[512]; snprintf(fn,512,"%s/layouts.bin",out); blob=fopen(fn,"wb"); snprintf(fn,512,"%s/layouts.tsv",out); idx=fopen(fn,"w");
  snprintf(fn,512,"%s/sizes.tsv",out); szf=fopen(fn,"w");
  fprintf(idx,"name\toffset\tsize\tresult\n"); fprintf(szf,"vk_component_type\tvk_layout\trows\tcols\tresult\tdst_size_bytes\n");
  // size grid
  int types[] = {0, 1, 3, 7, 1000491002, 1000491003, 1000567002, 1000567003};
  uint32_t sd[] = {1, 6, 10, 11, 13, 33, 47, 65, 70, 100, 129, 130, 200, 257, 300, 513};
  int ns = sizeof(sd)/sizeof(sd[0]);
  for(int ti=0; ti<8; ti++) for(int L=2; L<4; L++) for(int a=0;a<ns;a++) for(int b=0;b<ns;b++){
    int T=types[ti]; size_t es = T==0||T==1000491002||T==1000491003 ? 2 : (T==1 ? 4 : 1); if(T>=1000567002) es=1;
    size_t dst=0; ConvInfo ci={1000491004,NULL,(size_t)sd[a]*sd[b]*es,NULL,&dst,NULL,T,T,sd[a],sd[b],0,sd[b]*es,L,0};
    VkResult r=conv(dev,&ci); fprintf(szf,"%d\t%d\t%u\t%u\t%d\t%zu\n",T,L,sd[a],sd[b],r,dst);
  }
  fclose(szf);
  uint32_t shapes[][2] = {{6,10},{11,13},{33,47},{65,130},{129,70},{100,257},{1,300},{200,9}};
  int nsh = sizeof(shapes)/sizeof(shapes[0]);
  uint8_t vals[246]; int nv=0; for(int v=1; v<=0x7b; v++) vals[nv++]=v; for(int v=0x81; v<=0xfb; v++) vals[nv++]=v;
  for(int s=0;s<nsh;s++) for(int L=2;L<4;L++){
    uint32_t R=shapes[s][0], C=shapes[s][1]; size_t N=(size_t)R*C; char name[128];
    uint16_t* h=malloc(N*2); for(size_t i=0;i<N;i++) h[i]=(uint16_t)(0x0400+i);
    snprintf(name,128,"f16_L%d_%ux%u",L,R,C); emit(name,0,2,h,R,C,L); free(h);
    float* f=malloc(N*4); for(size_t i=0;i<N;i++) f[i]=(float)(i+1);
    snprintf(name,128,"f32_L%d_%ux%u",L,R,C); emit(name,1,4,f,R,C,L); free(f);
    uint8_t* sb=malloc(N);
    for(int hb=0;hb<2;hb++){ for(size_t i=0;i<N;i++) sb[i]=(uint8_t)(((i+1)>>(8*hb))&0xff);
      snprintf(name,128,"i8b%d_L%d_%ux%u",hb,L,R,C); emit(name,3,1,sb,R,C,L);
      snprintf(name,128,"u8b%d_L%d_%ux%u",hb,L,R,C); emit(name,7,1,sb,R,C,L); }
    for(int dg=0;dg<2;dg++){ for(size_t i=0;i<N;i++){ size_t q=i+1; if(dg) q/=246; sb[i]=vals[q%246]; }
      snprintf(name,128,"e4m3d%d_L%d_%ux%u",dg,L,R,C); emit(name,1000491002,1,sb,R,C,L);
      snprintf(name,128,"e5m2d%d_L%d_%ux%u",dg,L,R,C); emit(name,1000491003,1,sb,R,C,L);
      snprintf(name,128,"ne4m3d%d_L%d_%ux%u",dg,L,R,C); emit(name,1000567002,1,sb,R,C,L); }
    free(sb);
  }
  fclose(blob); fclose(idx); printf("done %ld bytes\n", off); return 0;
}
