// The GIF LZW encoder's table and code widths as the simulators model them (sizes only: `out`
// counts bits), shared by the experiments in this folder. Mirrors Sources/AnimCodecs/LZWEncoder.swift.
#pragma once
#include <stdint.h>
#include <string.h>
#define SLOTS (1<<13)
typedef struct { int minCode, nextCode, width, widthLimit; int32_t keys[SLOTS]; int16_t vals[SLOTS]; long bits; } LZW;
static inline int slot(int32_t k) { return (int)(((uint32_t)k * 0x9E3779B1u) >> 19) & (SLOTS-1); }
static void reset(LZW *z) { memset(z->keys, 0xff, sizeof z->keys); z->nextCode = (1<<z->minCode)+2; z->width = z->minCode+1; z->widthLimit = 1<<z->width; }
static void out(LZW *z, int code) { z->bits += z->width; if (z->nextCode >= z->widthLimit && z->width < 12) { z->width++; z->widthLimit = 1<<z->width; } }
static inline int lookup(LZW *z, int prefix, int b) { int32_t k = prefix<<8|b; int s = slot(k); while (z->keys[s] != -1) { if (z->keys[s]==k) return z->vals[s]; s=(s+1)&(SLOTS-1);} return -1; }
static void add(LZW *z, int prefix, int b) { int32_t k = prefix<<8|b; int s = slot(k); while (z->keys[s] != -1) s=(s+1)&(SLOTS-1); z->keys[s]=k; z->vals[s]=z->nextCode++; }
