// A for (or while) loop ending an except clause, its body breaking.
//
// Versions: 3.13+ (3.13 started copying line-less exit blocks into each jump).
// Source:
//     for key in names:
//         try:
//             value = getter(key)
//         except AttributeError:
//             for base in mro:
//                 if key in base:
//                     value = base[key]
//                     break
//         results.append(value)
// Bytecode:
//     <if key in base>; POP_JUMP_IF_FALSE next; <value = base[key]>;
//     POP_TOP (the iterator); POP_EXCEPT; JUMP_BACKWARD header  (the break's copy)
//     <the loop exhausted>; POP_EXCEPT; JUMP_BACKWARD header  (the loop's end)
//     (ending the function: POP_EXCEPT; <unbinding>; LOAD_CONST None;
//     RETURN_VALUE in place of the jump)
// Test: tests/python/decompile_cases/loop_in_clause_copies.py (for_breaking_ends_clause,
//     for_else_two_breaks_in_clause), tests/python/decompile_cases/while_break_ends_clause.py
//
// The clause's end (POP_EXCEPT, the jump past the try or back to an enclosing
// loop's header) has no line of its own, and 3.13 give each jump to such a
// block its own copy: each break pops the iterator and runs a copy of the
// clause's end (on the break's line); where the loop has an else clause that
// falls off its end, so does the else clause. No jump says where the for
// statement ends: the copies do. Where the try ends the function, the
// clause's end goes on into the implicit `return None`, short enough to be
// copied too: POP_EXCEPT, the unbinding, then `LOAD_CONST None; RETURN_VALUE`
// instead of the jump.
//
// A while loop's break pops nothing: the copy (POP_EXCEPT, the unbinding,
// the jump past the try) is its whole block, and where it jumps is the code
// after the try, not the code after the loop; read as the loop's follow,
// that code was read into the clause and ran before the exception was
// handled (difftest 313_24000_52450).
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// The copy of a clause's end at `at` (POP_EXCEPT, the name unbinding, a
// jump): its length, or 0.
int FunctionDecompiler::clause_end_copy_length(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 13 || at < 0 || at + 1 >= count || instrs[at].op != Op::PopExcept) return 0;
  int i = at + 1;
  if (i + 3 < count && instrs[i].op == Op::LoadConst && ir::is_name_store(instrs[i + 1].op) &&
      ir::is_name_delete(instrs[i + 2].op) && instrs[i + 1].name == instrs[i + 2].name)
    i += 3;
  if (instrs[i].op == Op::Jump) return i + 1 - at;
  // (Past the try, the function's implicit `return None`: short enough to
  // be copied itself.)
  if (i + 1 < count && instrs[i].op == Op::LoadConst && instrs[i + 1].op == Op::ReturnValue) return i + 2 - at;
  return 0;
}

// A block that is only a copy of the end of the except clause around the
// loop whose header is `header` (a while loop's break, 3.13+): its start, or
// -1. (Entered only from that clause's code, which the same cleanup entry
// covers as the header.)
int FunctionDecompiler::while_break_clause_end_copy(const cfg::Block& b, int header) const {
  const int cleanup = clause_cleanup_covering(header);
  if (code_.version.minor < 13 || cleanup < 0 || b.predecessors.empty() ||
      b.first + clause_end_copy_length(b.first) != b.last + 1 || function_.instrs[b.last].op != Op::Jump)
    return -1;
  // (3.14+ leave a test's jump inverted late out of the table: the block's
  // first instruction still says.)
  for (int p : b.predecessors)
    if (clause_cleanup_covering(graph_.blocks[p].last) != cleanup &&
        clause_cleanup_covering(graph_.blocks[p].first) != cleanup)
      return -1;
  return b.first;
}

// Whether `copy` is a copy of the clause's end at `end` (a while loop
// ending the clause: its latch's exit runs one, its top test's the other).
bool FunctionDecompiler::copied_clause_end(int copy, int end) const {
  return copy != end && clause_end_copy_length(copy) > 0 && clause_end_copy_length(end) > 0 && goes_on_alike(copy, end);
}

// Where the block ends in a POP_TOP (an iterator) and such a copy: the
// copy's start, or -1.
int FunctionDecompiler::clause_end_copy_after_pop(const cfg::Block& b) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 13 || b.last - b.first < 2 ||
      (instrs[b.last].op != Op::Jump && instrs[b.last].op != Op::ReturnValue))
    return -1;
  int pop_top = b.last - 1;
  while (pop_top > b.first && instrs[pop_top].op != Op::PopTop) --pop_top;
  const int copy = pop_top + 1;
  if (instrs[pop_top].op != Op::PopTop || copy + clause_end_copy_length(copy) != b.last + 1) return -1;
  return copy;
}

// The loop's follow where its breaks run such copies and its natural exit
// (`exit_block`) goes elsewhere, an else clause: the first break's copy;
// -1 when there is none, the copies differ or the exit runs one too (no
// else clause, or one that a break could not tell apart).
int FunctionDecompiler::break_clause_end_copy(const cfg::Loop& loop, int natural_exit) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 13 || natural_exit < 0 || natural_exit >= int(instrs.size())) return -1;
  const int exit_block = block_at(natural_exit);
  int first = -1;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || loop.contains[b.id] || !graph_.dominates(loop.header, b.id) ||
        graph_.dominates(exit_block, b.id))
      continue;
    const int copy = clause_end_copy_after_pop(b);
    if (copy < 0 || (instrs[b.last].target >= 0 && loop.contains[block_at(instrs[b.last].target)])) continue;
    if (first >= 0 && !goes_on_alike(first, copy)) return -1;
    if (first < 0 || copy < first) first = copy;
  }
  if (first < 0 || goes_on_alike(first, natural_exit)) return -1;
  // (Copies that end in the implicit `return None` are a written `return`
  // as much as a break: only where the loop's else clause never goes on,
  // raising, do both readings run alike. Else the code after the try may
  // be something else, which the natural exit goes on to.)
  if (instrs[first + clause_end_copy_length(first) - 1].op == Op::ReturnValue) {
    const std::vector<char> reached = reachable_without_exceptions(exit_block);
    for (int b = 0; b < int(reached.size()); ++b) {
      if (!reached[b]) continue;
      const cfg::Block& block = graph_.blocks[b];
      for (int k = block.first; k <= block.last; ++k)
        if (instrs[k].op == Op::ReturnValue || instrs[k].op == Op::PopExcept) return -1;
    }
  }
  return first;
}

}  // namespace depyf::decompile
