// Constants the CFG optimizer folded, appended after every codegen constant.
//
// Versions: 3.14+ (constant folding moved from the AST optimizer into the CFG
// optimizer).
// Source:
//     SIZE = 1024 * 256
//     HIGH = 256
// Bytecode:
//     co_consts (..., 256, 512, <code>, 262144)
//                     ^ codegen order   ^ folded, last
// Test: tests/python/decompile_cases/folded_constants.py (folded_before_literals),
//     tests/python/decompile_modules/folded_constants.py
//
// The CFG optimizer appends every folded value to co_consts after all the
// constants code generation added (the operands it used up are dropped).
// The 262144 that the first statement loads stands after constants that
// later statements load. A literal `262144` would take its place in
// codegen order; written as an expression that folds to it again (with
// operands that leave no constant behind: small ints, which 3.14 loads with
// LOAD_SMALL_INT) it is appended at the end again. Negative numbers and
// tuple displays fold anyway and need nothing; positive ints, floats, strs
// and bytes do.
//
// Where the folded constants start is read from straight-line code (one
// block, whose layout is its codegen order): a constant first loaded before
// another that has a smaller index, loaded there only, in the same block,
// was appended after it, so by folding. That other constant must be one the
// compiler added at that very load: loaded nowhere else (blocks are laid out
// in another order than they were generated), no None or bool (added by
// loads the optimizer drops, `x is None`, `while True`), no item of a
// container constant (added by the display folding replaced). A code object
// never folds: one past the start found refutes it.
#pragma once

#include "ast/ast.hpp"
#include "cfg/cfg.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

struct FoldedConstants {
  int start = -1;       // the smallest co_consts index of a folded constant, -1: none
  int first_load = -1;  // the instruction that loads a folded constant first
  // co_consts[0] when no instruction loads it: the compiler keeps the first
  // constant whatever happens (it might be a docstring), so it is what the
  // first folded expression's leftmost operand was.
  ConstantPtr leading;
};

// Where folded constants are in co_consts (3.14+; nothing before).
FoldedConstants find_folded_constants(const ir::Function& function, const cfg::Graph& graph);

// An expression the 3.14+ CFG optimizer folds back into `constant`, or null
// where a literal is as good (or nothing fits); with `leading`, one whose
// leftmost operand is that constant, where one is found.
ast::ExprPtr folding_expression(const ConstantPtr& constant, const ConstantPtr& leading = nullptr);

}  // namespace depyf::decompile
