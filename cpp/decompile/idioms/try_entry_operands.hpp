// Every version: a condition never reads on into code that a try (or with)
// body starts (header: try_entry_operands.cpp).
#pragma once

#include "cfg/cfg.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether `block` runs under a handler that does not protect `from_block`
// (directly or through the handlers around it): the first code of a try
// body entered between two tests.
bool enters_try_body(const ir::Function& function, const cfg::Graph& graph, int from_block, int block);

}  // namespace depyf::decompile
