// Angular is not installed here: the few names angular.ts uses, as @angular/core declares them,
// so that the snippet's use of the kit is what gets checked.
declare module '@angular/core' {
  export interface SchemaMetadata {
    name: string;
  }
  export const CUSTOM_ELEMENTS_SCHEMA: SchemaMetadata;
  export function Component(options: { selector: string; standalone?: boolean; schemas?: SchemaMetadata[]; template: string }): <T>(target: T, context: ClassDecoratorContext) => T;
  export function input<T>(initialValue: T): () => T;
}
