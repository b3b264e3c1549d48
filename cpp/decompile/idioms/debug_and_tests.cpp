// `if __debug__ and x:` where the if statement starts a basic block (after
// another test's jump, at the join of an if statement, after a return).
//
// Versions: 3.14 only (3.15 borrow either way).
// Source:
//     if not typ:
//         if __debug__ and d >= 4:
//             log()
//         raise StopIteration
// Bytecode:
//     LOAD_FAST_BORROW typ
//     POP_JUMP_IF_TRUE L2
//     LOAD_FAST d        (strong)
//     LOAD_SMALL_INT 4
//     COMPARE_OP >=
//     POP_JUMP_IF_FALSE L1
// Test: tests/python/decompile_cases/debug_and_tests_py314.py (next_response,
//     append_untagged)
//
// The code generator tests `__debug__` (the constant True) on its own,
// with a conditional jump that ends a block; the CFG optimizer folds the
// test and its jump away and leaves that block empty. 3.14's
// optimize_load_fast (flowgraph.c) does not follow a fall-through out of
// an empty block, so the rest of the test and the code only it reaches
// keep their LOAD_FASTs strong, where `if x:` alone borrows them. (The
// True leaves co_consts unless it is the first constant; 3.15 borrow
// either way.)
//
// So a test whose block holds the test alone and loads only strongly
// where it could borrow (a test loading no local: the code only it leads
// to), entered from code that borrows (visited: the emptiness is the if's
// own), was written `__debug__ and x`. Code after a try statement whose
// clauses leave is unvisited for its own reason (code_after_try_loads.cpp),
// as is code after a `with` or `while True:` left by a break: not after
// those. (Both spellings run alike but under -O, where the source's own
// `__debug__` skipped the body too.)

#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"
#include "opcodes/opcode_table.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

namespace {

bool loads_local(const std::vector<ir::Instr>& instrs, const cfg::Block& block) {
  for (int i = block.first; i <= block.last; ++i)
    if (instrs[i].op == Op::LoadFast) return true;
  return false;
}

// Whether the first load of a local in `block` is a LOAD_FAST of its own
// (or of a LOAD_FAST_LOAD_FAST pair): the load half of STORE_FAST_LOAD_FAST,
// as a comprehension's filter starts, is never borrowed.
bool first_load_plain(const CodeObject& code, const std::vector<ir::Instr>& instrs, const cfg::Block& block) {
  const OpcodeTable& table = opcode_table(code.version);
  for (int i = block.first; i <= block.last; ++i) {
    if (instrs[i].op != Op::LoadFast) continue;
    int offset = instrs[i].offset;
    while (offset + 2 < int(code.code.size()) &&
           static_cast<unsigned char>(code.code[offset]) == table.opcode("EXTENDED_ARG"))
      offset += 2;
    if (offset < 0 || offset >= int(code.code.size())) return false;
    const int opcode = static_cast<unsigned char>(code.code[offset]);
    return opcode == table.opcode("LOAD_FAST") || opcode == table.opcode("LOAD_FAST_LOAD_FAST");
  }
  return false;
}

}  // namespace

bool FunctionDecompiler::test_after_debug_check(const Condition& condition, const ast::Body& out) const {
  if (code_.version.minor != 14 || condition.first_block < 0) return false;
  if (!out.empty()) {
    const ast::StmtPtr& previous = out.back();
    if (ast::as<ast::Try>(previous) || ast::as<ast::TryStar>(previous) || ast::as<ast::With>(previous)) return false;
    if (auto* loop = ast::as<ast::While>(previous); loop && ast::as<ast::Constant>(loop->test)) return false;
  }
  const int test_block = condition.first_block;
  const cfg::Block& block = graph_.blocks[test_block];
  const auto& instrs = function_.instrs;
  // The block holds the test alone: one line, nothing before it.
  for (int i = block.first; i <= block.last; ++i)
    if (instrs[i].line != instrs[block.first].line) return false;
  if (block.predecessors.empty()) return false;
  // Unvisited: the test's own loads, or those of the first block only
  // the test leads to.
  bool unvisited = false;
  if (loads_local(instrs, block)) {
    unvisited = first_load_plain(code_, instrs, block) && loads_only_strongly(block.first);
  } else {
    for (int s : block.successors) {
      const cfg::Block& next = graph_.blocks[s];
      if (!loads_local(instrs, next) || next.handler_block != block.handler_block) continue;
      const bool only_from_test = std::all_of(next.predecessors.begin(), next.predecessors.end(), [&](int p) {
        return p == test_block || graph_.dominates(test_block, p);
      });
      unvisited = only_from_test && first_load_plain(code_, instrs, next) && loads_only_strongly(next.first);
      break;
    }
  }
  if (!unvisited) return false;
  // (Entered from a try body: the code after the try statement.)
  for (int p : block.predecessors)
    if (graph_.blocks[p].handler_block != block.handler_block) return false;
  // Visited before: the nearest blocks loading a local on the way back
  // (through blocks loading none) borrow.
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work(block.predecessors.begin(), block.predecessors.end());
  bool borrowing = false;
  for (int steps = 0; !work.empty() && steps < 64; ++steps) {
    const int p = work.back();
    work.pop_back();
    if (seen[p]) continue;
    seen[p] = 1;
    const cfg::Block& before = graph_.blocks[p];
    if (before.handler_block != block.handler_block) continue;
    if (!loads_local(instrs, before)) {
      work.insert(work.end(), before.predecessors.begin(), before.predecessors.end());
      continue;
    }
    for (int i = before.first; i <= before.last; ++i)
      borrowing = borrowing || (instrs[i].op == Op::LoadFast && borrowed_load(code_, instrs[i]));
  }
  return borrowing;
}

ast::ExprPtr debug_and(ast::ExprPtr test) {
  std::vector<ast::ExprPtr> values{make::name("__debug__")};
  if (auto* both = ast::as<ast::BoolOp>(test); both && both->op == ast::BoolOperator::And)
    values.insert(values.end(), both->values.begin(), both->values.end());
  else
    values.push_back(std::move(test));
  return make::boolop(ast::BoolOperator::And, std::move(values));
}

}  // namespace depyf::decompile
