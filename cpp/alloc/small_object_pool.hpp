// A per-thread cache of freed small blocks, in front of malloc.
//
// Decompiling one function makes and drops a few hundred small objects
// (AST nodes, shared_ptr control blocks, short vectors and strings); with
// glibc's malloc, allocating and freeing them was a quarter of the time:
// its per-thread cache keeps only seven blocks of a size, so freeing a tree
// goes down to the slow bins and the next large request consolidates them
// again. This cache keeps any number of freed blocks per size class (up to
// a byte budget per thread), so the next function reuses them at the cost
// of a list pop.
//
// Every block carries a 16-byte header holding its size class, so that a
// block can be freed without its size and by any thread (it joins that
// thread's cache). Blocks are plain malloc chunks: whatever the budget
// does not keep goes back to free().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace depyf::alloc {

class SmallObjectPool {
 public:
  static constexpr std::size_t kHeader = 16;  // keeps blocks 16-byte aligned
  static constexpr std::size_t kGranule = 16;
  static constexpr std::size_t kLargestPooled = 512;
  static constexpr int kClasses = kLargestPooled / kGranule + 1;  // class 0: not pooled
  // What one thread keeps in its lists at most; freeing beyond it frees.
  static constexpr std::size_t kDefaultBudget = std::size_t(8) << 20;

  explicit constexpr SmallObjectPool(std::size_t budget = kDefaultBudget) : budget_(budget) {}
  SmallObjectPool(const SmallObjectPool&) = delete;
  SmallObjectPool& operator=(const SmallObjectPool&) = delete;
  ~SmallObjectPool() { release_all(); }

  // A cached block of the size, or null (then allocate()).
  void* take_cached(std::size_t size) {
    const int cls = size_class(size);
    Header* block = lists_[cls];
    if (cls == 0 || block == nullptr) return nullptr;
    lists_[cls] = block->next;
    cached_bytes_ -= block_bytes(cls);
    return reinterpret_cast<char*>(block) + kHeader;
  }

  // Null when malloc fails.
  void* allocate(std::size_t size) {
    if (void* p = take_cached(size)) return p;
    const int cls = size_class(size);
    const std::size_t bytes = cls != 0 ? block_bytes(cls) : size + kHeader;
    if (bytes < size) return nullptr;  // size + header overflowed
    auto* block = static_cast<Header*>(std::malloc(bytes));
    if (block == nullptr) return nullptr;
    block->size_class = std::uint64_t(cls);
    return reinterpret_cast<char*>(block) + kHeader;
  }

  // `p` must come from allocate() of any pool (null is ignored).
  void deallocate(void* p) {
    if (p == nullptr) return;
    auto* block = reinterpret_cast<Header*>(static_cast<char*>(p) - kHeader);
    const int cls = int(block->size_class);
    if (cls == 0 || cached_bytes_ + block_bytes(cls) > budget_) {
      std::free(block);
      return;
    }
    block->next = lists_[cls];
    lists_[cls] = block;
    cached_bytes_ += block_bytes(cls);
  }

  // Frees every cached block.
  void release_all();
  // Frees every cached block and keeps none from now on: a thread's pool
  // when the thread ends (later destructors of that thread may still free
  // blocks through it).
  void shut_down() {
    budget_ = 0;
    release_all();
  }

  std::size_t cached_bytes() const { return cached_bytes_; }

  // 0 for sizes that bypass the lists.
  static constexpr int size_class(std::size_t size) {
    return size == 0 ? 1 : size <= kLargestPooled ? int((size + kGranule - 1) / kGranule) : 0;
  }
  static constexpr std::size_t block_bytes(int cls) { return std::size_t(cls) * kGranule + kHeader; }

 private:
  // The 16 bytes before every block handed out; `next` links cached blocks.
  struct Header {
    std::uint64_t size_class;
    Header* next;
  };
  static_assert(sizeof(Header) == kHeader);

  Header* lists_[kClasses] = {};
  std::size_t cached_bytes_ = 0;
  std::size_t budget_;
};

}  // namespace depyf::alloc
