// class-validator ships its per-file CommonJS modules without types beside them; each borrows
// the declarations the package keeps under types/, which mirror the same paths.

declare module 'class-validator/cjs/decorator/common/IsDefined' {
  export * from 'class-validator/types/decorator/common/IsDefined';
}
declare module 'class-validator/cjs/decorator/common/IsIn' {
  export * from 'class-validator/types/decorator/common/IsIn';
}
declare module 'class-validator/cjs/decorator/common/IsLatitude' {
  export * from 'class-validator/types/decorator/common/IsLatitude';
}
declare module 'class-validator/cjs/decorator/common/IsLongitude' {
  export * from 'class-validator/types/decorator/common/IsLongitude';
}
declare module 'class-validator/cjs/decorator/common/IsNotEmpty' {
  export * from 'class-validator/types/decorator/common/IsNotEmpty';
}
declare module 'class-validator/cjs/decorator/common/IsOptional' {
  export * from 'class-validator/types/decorator/common/IsOptional';
}
declare module 'class-validator/cjs/decorator/common/ValidateBy' {
  export * from 'class-validator/types/decorator/common/ValidateBy';
}
declare module 'class-validator/cjs/decorator/common/ValidateIf' {
  export * from 'class-validator/types/decorator/common/ValidateIf';
}
declare module 'class-validator/cjs/decorator/common/ValidateNested' {
  export * from 'class-validator/types/decorator/common/ValidateNested';
}
declare module 'class-validator/cjs/decorator/number/IsPositive' {
  export * from 'class-validator/types/decorator/number/IsPositive';
}
declare module 'class-validator/cjs/decorator/number/Max' {
  export * from 'class-validator/types/decorator/number/Max';
}
declare module 'class-validator/cjs/decorator/number/Min' {
  export * from 'class-validator/types/decorator/number/Min';
}
declare module 'class-validator/cjs/decorator/string/IsEmail' {
  export * from 'class-validator/types/decorator/string/IsEmail';
}
declare module 'class-validator/cjs/decorator/string/IsISO8601' {
  export * from 'class-validator/types/decorator/string/IsISO8601';
}
declare module 'class-validator/cjs/decorator/string/IsUUID' {
  export * from 'class-validator/types/decorator/string/IsUUID';
}
declare module 'class-validator/cjs/decorator/string/IsUrl' {
  export * from 'class-validator/types/decorator/string/IsUrl';
}
declare module 'class-validator/cjs/decorator/string/Length' {
  export * from 'class-validator/types/decorator/string/Length';
}
declare module 'class-validator/cjs/decorator/string/Matches' {
  export * from 'class-validator/types/decorator/string/Matches';
}
declare module 'class-validator/cjs/decorator/typechecker/IsBoolean' {
  export * from 'class-validator/types/decorator/typechecker/IsBoolean';
}
declare module 'class-validator/cjs/decorator/typechecker/IsInt' {
  export * from 'class-validator/types/decorator/typechecker/IsInt';
}
declare module 'class-validator/cjs/decorator/typechecker/IsNumber' {
  export * from 'class-validator/types/decorator/typechecker/IsNumber';
}
declare module 'class-validator/cjs/decorator/typechecker/IsObject' {
  export * from 'class-validator/types/decorator/typechecker/IsObject';
}
declare module 'class-validator/cjs/decorator/typechecker/IsString' {
  export * from 'class-validator/types/decorator/typechecker/IsString';
}
declare module 'class-validator/cjs/container' {
  export * from 'class-validator/types/container';
}
declare module 'class-validator/cjs/validation/Validator' {
  export * from 'class-validator/types/validation/Validator';
}
declare module 'class-validator/cjs/decorator/array/ArrayMaxSize' {
  export * from 'class-validator/types/decorator/array/ArrayMaxSize';
}
declare module 'class-validator/cjs/decorator/array/ArrayMinSize' {
  export * from 'class-validator/types/decorator/array/ArrayMinSize';
}
declare module 'class-validator/cjs/decorator/array/ArrayUnique' {
  export * from 'class-validator/types/decorator/array/ArrayUnique';
}
declare module 'class-validator/cjs/decorator/string/MaxLength' {
  export * from 'class-validator/types/decorator/string/MaxLength';
}
declare module 'class-validator/cjs/decorator/typechecker/IsArray' {
  export * from 'class-validator/types/decorator/typechecker/IsArray';
}
declare module 'class-validator/cjs/metadata/MetadataStorage' {
  export * from 'class-validator/types/metadata/MetadataStorage';
}
declare module 'class-validator/cjs/decorator/string/MinLength' {
  export * from 'class-validator/types/decorator/string/MinLength';
}
declare module 'class-validator/cjs/decorator/string/IsTimeZone' {
  export * from 'class-validator/types/decorator/string/IsTimeZone';
}
