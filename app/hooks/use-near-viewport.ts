import { type RefObject, useEffect, useState } from 'react'

/**
 * True once the element has come within `margin` of the viewport (and stays true). Spec §4: a
 * card loads its carousel only within 300px of the viewport.
 */
export function useNearViewport(element: RefObject<Element | null>, margin = '300px') {
  const [isNear, setIsNear] = useState(false)
  useEffect(() => {
    const target = element.current
    if (!target || isNear) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, margin, isNear])
  return isNear
}
