/// Core Animation's names for 3D transforms, so code written for iOS
/// (`var t = CATransform3DIdentity; t.m34 = -1 / 500;
/// view.layer.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)`)
/// compiles as it is. `Transform3D`'s own methods say the same things.
public typealias CATransform3D = Transform3D

public let CATransform3DIdentity = Transform3D.identity

public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
    Transform3D(translationX: tx, y: ty, z: tz)
}

public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D { Transform3D(scaleX: sx, y: sy, z: sz) }

public func CATransform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

public func CATransform3DTranslate(_ t: Transform3D, _ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
    t.translatedBy(x: tx, y: ty, z: tz)
}

public func CATransform3DScale(_ t: Transform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D { t.scaledBy(x: sx, y: sy, z: sz) }

public func CATransform3DRotate(_ t: Transform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    t.rotated(by: angle, x: x, y: y, z: z)
}

public func CATransform3DConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a.concatenating(b) }

public func CATransform3DInvert(_ t: Transform3D) -> Transform3D { t.inverted() }

public func CATransform3DIsIdentity(_ t: Transform3D) -> Bool { t.isIdentity }

public func CATransform3DEqualToTransform(_ a: Transform3D, _ b: Transform3D) -> Bool { a == b }

public func CATransform3DMakeAffineTransform(_ t: AffineTransform) -> Transform3D { Transform3D(t) }

public func CATransform3DIsAffine(_ t: Transform3D) -> Bool { t.isAffine }

public func CATransform3DGetAffineTransform(_ t: Transform3D) -> AffineTransform { t.affineTransform }
