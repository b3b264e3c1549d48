// The protecting exception handler of every IR instruction. 3.11+ read it
// from the exception table; ≤3.10 rebuild it from the SETUP_* / POP_BLOCK
// block stack, as the interpreter would have maintained it, so later stages
// see one representation.
#pragma once

#include "ir/ir.hpp"

namespace depyf::ir {

// Fills Instr::handler / handler_depth / handler_lasti. Needs resolved jump
// targets and Function::index_at_unit.
void assign_exception_handlers(Function& function);

}  // namespace depyf::ir
