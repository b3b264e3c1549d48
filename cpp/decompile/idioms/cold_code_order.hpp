// Code only exceptions reach, and the order 3.12+ lay it out in (header:
// cold_code_order.cpp).
#pragma once

#include <vector>

#include "cfg/cfg.hpp"

namespace depyf::decompile {

// One flag per block: reached from the entry by normal flow (not only
// through an exception handler).
std::vector<char> blocks_reached_without_exceptions(const cfg::Graph& graph);

}  // namespace depyf::decompile
