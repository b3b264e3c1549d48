// A finally body none of whose paths ends, because each raises or returns.
//
// Versions: 3.11+ (decompile_try runs it 3.9+, but 3.9/3.10 compile the
// shape differently, not read yet; 3.8 shares one finally body).
// Source:
//     try:
//         body
//     finally:
//         raise
// Bytecode:
//     <body>; <normal copy of the finally body, ending in its raise>
//     H: PUSH_EXC_INFO; <handler copy, ending in its raise>  (no closing RERAISE)
// Test: tests/python/decompile_cases/finally_never_ends_py311.py (finally_raises,
//     finally_raises_in_each_branch)
//
// The handler's copy of the finally body has no closing RERAISE (the
// compiler drops the unreachable one), and the normal path's copy goes on
// nowhere: the try statement never falls through. decompile_try reads the
// handler's copy up to the last instruction its walk read and pairs the
// normal copy with it, allowing no continuation.
#include "ast/children.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

// The finally body read from the handler's copy ends in a statement of
// its own that leaves (a written `raise` or `return`), not in the `raise`
// read from the closing re-raise.
bool FunctionDecompiler::ends_without_reraise(const ast::Body& finally_body) const {
  if (finally_body.empty()) return false;
  const ast::Stmt* last = finally_body.back().get();
  if (ast::as<ast::Return>(finally_body.back())) return true;
  if (!ast::as<ast::Raise>(finally_body.back())) return false;
  for (const auto& [statement, at] : reraise_instrs_)
    if (statement == last) return false;
  return true;
}

// Past the last instruction from `start` on that the walk just read (it
// was not read before).
int FunctionDecompiler::past_walked_code(int start, const std::vector<char>& visited_before) const {
  int end = start;
  for (int i = start; i < int(visited_.size()); ++i)
    if (visited_[i] && !visited_before[i]) end = i + 1;
  return end;
}

// A copy of the handler copy's closing re-raise (one taken at the finally
// body's own depth) left inside the finally body once drop_final_reraises
// is done: 3.13 copy it into each case of a match statement ending the
// body, which nothing reads back yet. Written as `raise`, it would re-raise
// on the normal path too.
bool FunctionDecompiler::keeps_closing_reraise(const ast::Body& body, int depth) const {
  for (const ast::StmtPtr& statement : body) {
    for (const auto& [reraise, at] : reraises_)
      if (reraise.get() == statement.get() && at == depth) return true;
    for (ast::Body* nested : ast::child_bodies(*statement))
      if (keeps_closing_reraise(*nested, depth)) return true;
  }
  return false;
}

}  // namespace depyf::decompile
