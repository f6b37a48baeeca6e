// conv2d as Winograd F(2x2, 3x3) (kernels/winograd.h): 3x3 filters of stride and dilation 1 in one group,
// where the channels make the 16 GEMMs worth their transforms.
#pragma once

#include <cstdint>

#include "compiler/lower/conv_geometry.h"
#include "compiler/lower/lower.h"

namespace webnn::compiler {

// Whether a conv2d of geometry `g` with a float32 constant filter runs as Winograd F(2x2, 3x3).
bool WinogradSuits(const ConvGeometry& g);

// The step, for an OHWI float32 filter [O][3][3][C] and a bias [O] (or null), both read here and not kept.
StepPtr MakeConv2dWinogradStep(const ConvGeometry& g, const float* filter, const float* bias, runtime::TensorRef in,
                               runtime::TensorRef out, ConvActivation activation);
// The same for a float16 filter (its bits), kept as float16 and widened at each run (KeepHalfWeights).
StepPtr MakeConv2dWinogradStepHalf(const ConvGeometry& g, const uint16_t* filter, const float* bias,
                                   runtime::TensorRef in, runtime::TensorRef out, ConvActivation activation);

}  // namespace webnn::compiler
