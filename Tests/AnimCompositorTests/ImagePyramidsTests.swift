@testable import AnimCompositor
@testable import AnimRaster
import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// ``ImagePyramids`` builds each image's pyramid once, however many threads ask for it at once.
struct ImagePyramidsTests {
    static let image = ContentsCacheTests.image(width: 64, height: 48, seed: 7)

    @Test func threadsAskingAtOnceShareOneBuild() {
        let pyramids = ImagePyramids()
        let builds = Atomic<Int>(0)
        let texels = Mutex<[[UInt32]]>([])
        // At least two threads on any machine of two cores or more: each asks while the first
        // build is still running (it is held for 50 ms), so each would build without the wait.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let chain = pyramids.pyramid("photo", of: Self.image) { image in
                builds.add(1, ordering: .relaxed)
                usleep(50_000)
                return MipChain.full(of: image)
            }
            texels.withLock { $0.append(chain.texels) }
        }
        #expect(builds.load(ordering: .relaxed) == 1)
        let expected = MipChain.full(of: Self.image).texels
        #expect(!expected.isEmpty)
        #expect(texels.withLock { $0 } == [[UInt32]](repeating: expected, count: 4))
    }

    @Test func differentImagesBuildSeparately() {
        let pyramids = ImagePyramids()
        let builds = Mutex<[String]>([])
        for key in ["a", "b", "a", "b", "a"] {
            _ = pyramids.pyramid(key, of: Self.image) { image in
                builds.withLock { $0.append(key) }
                return MipChain.full(of: image)
            }
        }
        #expect(builds.withLock { $0 } == ["a", "b"])
    }
}
