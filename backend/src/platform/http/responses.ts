import { ApiProperty } from '@nestjs/swagger';

/** The spec's `{bool}` answers (status checks, password changes). */
export class BoolResponse {
  @ApiProperty() bool!: boolean;
}

/** The spec's `{success: true}` answers of back-office actions. */
export class SuccessResponse {
  @ApiProperty({ enum: [true] }) success!: true;
}
