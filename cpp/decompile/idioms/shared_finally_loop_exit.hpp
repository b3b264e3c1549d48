// 3.8: loops inside a shared finally body (see shared_finally_return.cpp).
#pragma once

#include <vector>

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether instruction `at` lies in the finally body that ends at the
// END_FINALLY `end` (SETUP_FINALLY's handler up to `end`).
bool inside_shared_finally_body(const std::vector<ir::Instr>& instrs, int at, int end);

}  // namespace depyf::decompile
