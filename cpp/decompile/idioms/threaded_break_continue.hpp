// 3.14+: a `break` out of an inner loop threaded onto the outer loop's
// `continue` after it (header: threaded_break_continue.cpp).
#pragma once

#include "cfg/cfg.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// The `continue` after `loop` (a lone jump back to `outer_header`, outside
// the loop) that the loop's threaded breaks jump to; -1: none.
int threaded_break_continue(const ir::Function& function, const cfg::Graph& graph, const cfg::Loop& loop,
                            int outer_header);

}  // namespace depyf::decompile
