// The per-thread block cache behind the extension's operator new
// (alloc/small_object_pool.hpp). The extension itself is exercised by every
// Python test; these check the cache's own rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "alloc/small_object_pool.hpp"

namespace {

using depyf::alloc::SmallObjectPool;

TEST(SmallObjectPool, SizeClassesRoundUpToSixteenBytes) {
  EXPECT_EQ(SmallObjectPool::size_class(0), 1);
  EXPECT_EQ(SmallObjectPool::size_class(1), 1);
  EXPECT_EQ(SmallObjectPool::size_class(16), 1);
  EXPECT_EQ(SmallObjectPool::size_class(17), 2);
  EXPECT_EQ(SmallObjectPool::size_class(512), 32);
  EXPECT_EQ(SmallObjectPool::size_class(513), 0);  // not pooled
}

TEST(SmallObjectPool, BlocksAreAlignedAndWritable) {
  SmallObjectPool pool;
  std::vector<void*> blocks;
  for (std::size_t size : {1, 8, 16, 24, 100, 512, 513, 4096, 1 << 20}) {
    void* p = pool.allocate(size);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 16, 0u) << size;
    std::memset(p, 0xAB, size);
    blocks.push_back(p);
  }
  for (void* p : blocks) pool.deallocate(p);
  pool.deallocate(nullptr);  // ignored
}

TEST(SmallObjectPool, FreedBlockIsReusedForTheSameClass) {
  SmallObjectPool pool;
  void* a = pool.allocate(40);
  pool.deallocate(a);
  EXPECT_EQ(pool.cached_bytes(), SmallObjectPool::block_bytes(3));
  EXPECT_EQ(pool.take_cached(33), a);  // 33..48 bytes: the same class
  EXPECT_EQ(pool.cached_bytes(), 0u);
  EXPECT_EQ(pool.take_cached(40), nullptr);
  pool.deallocate(a);
}

TEST(SmallObjectPool, LargeBlocksAreNeverCached) {
  SmallObjectPool pool;
  pool.deallocate(pool.allocate(4096));
  EXPECT_EQ(pool.cached_bytes(), 0u);
  EXPECT_EQ(pool.take_cached(4096), nullptr);
}

TEST(SmallObjectPool, KeepsNoMoreThanItsBudget) {
  const std::size_t budget = 10 * SmallObjectPool::block_bytes(1);
  SmallObjectPool pool(budget);
  std::vector<void*> blocks;
  for (int i = 0; i < 50; ++i) blocks.push_back(pool.allocate(16));
  for (void* p : blocks) pool.deallocate(p);
  EXPECT_EQ(pool.cached_bytes(), budget);  // the other forty went to free()
  int reused = 0;
  while (pool.take_cached(16) != nullptr) ++reused;
  EXPECT_EQ(reused, 10);
}

TEST(SmallObjectPool, BlocksMayBeFreedThroughAnotherPool) {
  // A block made by one thread's pool and freed by another thread joins
  // the second pool's cache.
  SmallObjectPool first, second;
  void* p = first.allocate(64);
  second.deallocate(p);
  EXPECT_EQ(second.take_cached(64), p);
  second.deallocate(p);
}

TEST(SmallObjectPool, ShutDownFreesTheCacheAndKeepsNothingAfter) {
  SmallObjectPool pool;
  pool.deallocate(pool.allocate(32));
  pool.shut_down();
  EXPECT_EQ(pool.cached_bytes(), 0u);
  pool.deallocate(pool.allocate(32));
  EXPECT_EQ(pool.cached_bytes(), 0u);
}

}  // namespace
