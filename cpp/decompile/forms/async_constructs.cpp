// async with / async for: the awaits the compiler wraps around __aenter__,
// __aexit__ and __anext__ are part of the statement, not source of their own.
#include "code/error.hpp"
#include "decompile/forms/await_sequence.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

// `await` compiles to GET_AWAITABLE; LOAD_CONST None; YIELD_FROM (3.11+: a
// send loop normalisation folded into YieldFrom plus Nops). Returns the
// index after it (and the Nops the fold left), or -1 when `at` does not
// start one.
int FunctionDecompiler::skip_await(int at, Op first) {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const int sent = awaited_value_sent(function_, at);
  if (at < 0 || sent + 1 >= count || instrs[at].op != first || instrs[sent].op != Op::LoadConst ||
      instrs[sent + 1].op != Op::YieldFrom)
    return -1;
  int end = sent + 2;
  // (3.12+ may place the loop's CLEANUP_THROW inline, before END_SEND.)
  while (end < count && (instrs[end].op == Op::Nop || instrs[end].op == Op::CleanupThrow)) ++end;
  for (int k = at; k < end; ++k) visited_[k] = 1;
  return end;
}

// An async for loop's header awaits __anext__() under the END_ASYNC_FOR
// handler that ends the loop on StopAsyncIteration: ≤3.10 SETUP_FINALLY;
// GET_ANEXT; LOAD_CONST None; YIELD_FROM; POP_BLOCK, 3.11+ the same
// without the block instructions, protected by the exception table.
int FunctionDecompiler::async_for_handler(int header) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  int anext = header;
  int handler = -1;
  if (code_.version.minor <= 10) {
    if (header + 1 >= count || instrs[header].op != Op::SetupFinally) return -1;
    handler = instrs[header].target;
    anext = header + 1;
  } else {
    if (header >= count) return -1;
    handler = instrs[header].handler;
  }
  if (instrs[anext].op != Op::GetANext || handler < 0 || handler >= count || instrs[handler].op != Op::EndAsyncFor)
    return -1;
  return handler;
}

bool FunctionDecompiler::skip_legacy_with_exit(int& i, Stack& stack) {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor != 8 || i + 1 >= count || instrs[i + 1].op != Op::WithCleanupStart) return false;
  int finish = i + 2;
  if (finish < count && instrs[finish].op == Op::GetAwaitable) finish = skip_await(finish);
  if (finish < 0 || finish + 1 >= count || instrs[finish].op != Op::WithCleanupFinish ||
      instrs[finish + 1].op != Op::PopFinally || instrs[finish + 1].arg != 0)
    return false;
  if (stack.empty() || stack.back().kind != Value::Kind::WithExit) return false;
  stack.pop_back();
  for (int k = i; k <= i + 1; ++k) visited_[k] = 1;
  visited_[finish] = visited_[finish + 1] = 1;
  i = finish + 2;
  return true;
}

// 3.12+ may place the code after an async for loop with a `break` before the
// END_ASYNC_FOR handler: the else clause then ends jumping back to it.
int FunctionDecompiler::async_for_follow_before_exit(int header, int exit) const {
  const auto& instrs = function_.instrs;
  for (int j = exit; j < int(instrs.size()); ++j) {
    const Op op = instrs[j].op;
    if (op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise) return -1;
    if (op == Op::Jump && instrs[j].target < exit) return instrs[j].target > header ? instrs[j].target : -1;
  }
  return -1;
}

int FunctionDecompiler::decompile_async_for(int block, int handler, int follow, const Region& region, Stack& stack,
                                            ast::Body& out) {
  const auto& instrs = function_.instrs;
  const int header = graph_.blocks[block].first;
  if (follow == handler + 1 && code_.version.minor >= 12) {
    const int earlier = async_for_follow_before_exit(header, handler + 1);
    if (earlier >= 0 && !graph_.loops.empty()) {
      for (const cfg::Loop& loop : graph_.loops)
        if (loop.header == block && !loop.contains[block_at(earlier)]) follow = earlier;
    }
  }
  // GET_AITER left the iterator below the loop, as GET_ITER does for `for`.
  if (stack.empty() || stack.back().kind != Value::Kind::Iterator) fail(header, "async for loop without an iterator");
  const Value iterator = stack.back();
  const bool legacy = code_.version.minor <= 10;
  int i = header;
  if (legacy) visited_[i++] = 1;  // SETUP_FINALLY
  i = skip_await(i, Op::GetANext);
  if (i < 0) fail(header, "async for loop without its awaited __anext__");
  if (legacy) {
    if (i >= int(instrs.size()) || instrs[i].op != Op::PopBlock) fail(i, "async for loop without its POP_BLOCK");
    visited_[i++] = 1;
  }
  visited_[handler] = 1;  // END_ASYNC_FOR: the loop's exhausted exit
  const bool inline_comprehension = is_inline_comprehension(header, stack);
  if (inline_comprehension) stack[stack.size() - 2].accumulator = true;

  LoopContext context{header, follow, block, region.loop};
  if (follow < handler) context.break_by_falling_in = follow;
  return finish_for_loop(header, i, follow, handler + 1, context, region, true, expr_of(iterator, header),
                         inline_comprehension, stack, out);
}

// ≤3.11 call an async comprehension's code (or one that awaits) and await
// the result; the source says neither.
bool FunctionDecompiler::is_awaited_comprehension(const ast::ExprPtr& awaited) const {
  auto* await = ast::as<ast::Await>(awaited);
  if (code_.version.minor >= 12 || await == nullptr) return false;
  return ast::as<ast::ListComp>(await->value) || ast::as<ast::SetComp>(await->value) ||
         ast::as<ast::DictComp>(await->value);
}

void FunctionDecompiler::merge_nested_with(std::vector<ast::WithItem>& items, ast::Body& body, bool is_async,
                                           int line) {
  if (body.size() != 1 || line == 0 || body.front()->lineno != line) return;
  if (is_async) {
    if (auto* inner = ast::as<ast::AsyncWith>(body.front())) {
      ast::Body inner_body = inner->body;
      items.insert(items.end(), inner->items.begin(), inner->items.end());
      body = std::move(inner_body);
    }
  } else if (auto* inner = ast::as<ast::With>(body.front())) {
    ast::Body inner_body = inner->body;
    items.insert(items.end(), inner->items.begin(), inner->items.end());
    body = std::move(inner_body);
  }
}

}  // namespace depyf::decompile
